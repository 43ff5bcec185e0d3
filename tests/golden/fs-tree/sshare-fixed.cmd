fs-tree --sshare sshare/ex7.fixed | fs-rank -l | diff - sshare/ex7.fixed && echo same
