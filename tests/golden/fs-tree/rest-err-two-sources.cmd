fs-tree --rest http://127.0.0.1:1 --sshare sshare/ex7.P
