fs-tree --sshare - | grep -E '^#sshare_truncated|^root	u1'
