fs-tree --sshare sshare/overflow.fixed | cut -f1,2,4-6 | tail -n +6
