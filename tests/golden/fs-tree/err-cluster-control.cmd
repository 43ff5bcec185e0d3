fs-tree --sshare sshare/ex7.P --cluster "$(printf 'x\ty')"
