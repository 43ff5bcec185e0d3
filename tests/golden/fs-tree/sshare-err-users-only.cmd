grep -v '^ *[A-Za-z]*||' sshare/ex7.P | sed 's/^ *//' | fs-tree --sshare -
