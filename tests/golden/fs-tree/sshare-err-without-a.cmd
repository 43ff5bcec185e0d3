grep -v '^ root|u2|' sshare/ex7.P | fs-tree --sshare -
