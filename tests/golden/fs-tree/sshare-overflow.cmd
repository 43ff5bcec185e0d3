fs-tree --sshare sshare/overflow.fixed | fs-rank -l | diff - sshare/overflow.fixed && echo same
