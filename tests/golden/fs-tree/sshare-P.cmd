fs-tree --sshare - < sshare/ex7.P | fs-rank -l -P | diff - sshare/ex7.P && echo same
