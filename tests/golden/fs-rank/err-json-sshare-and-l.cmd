fs-rank --json=sshare -l trees/ex1.tsv
