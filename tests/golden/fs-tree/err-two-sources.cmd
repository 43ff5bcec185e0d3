fs-tree --sample --sshare x
