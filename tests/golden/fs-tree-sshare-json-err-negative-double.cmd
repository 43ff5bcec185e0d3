fs-tree --sshare -
