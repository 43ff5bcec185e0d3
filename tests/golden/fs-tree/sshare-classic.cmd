fs-tree --sshare sshare/ex4-classic.fixed | fs-rank --algorithm classic -l | diff - sshare/ex4-classic.fixed && echo same
