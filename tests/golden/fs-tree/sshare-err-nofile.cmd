fs-tree --sshare /nonexistent/file
