fs-tree --sshare sshare/ex7.P --cluster c1 | head -12 | sed "s/^#taken=.*/#taken=X/"
