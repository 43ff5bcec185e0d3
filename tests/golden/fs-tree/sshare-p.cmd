fs-tree --sshare sshare/ex7.p --cluster c1 | fs-rank -l -p -n | diff - golden/fs-rank/ft-ex7.out && echo same
