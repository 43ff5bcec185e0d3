# -u or -A of a name the tree lacks: sshare's rows (none for it) and status 0, a hint on stderr
fs-tree --sample | fs-rank -u bobb; echo "status $?"; fs-tree --sample | fs-rank -A phyzics,chem -u zzzzzz; echo "status $?"
