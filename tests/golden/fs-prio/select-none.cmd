# -j and -u that match nothing: sprio's silence on stdout, a line each on stderr, status 0
p() { fs-prio --conf golden/fs-prio-cluster.conf --jobs-file golden/fs-prio-jobs.tsv --tree golden/fs-prio-tree.tsv -Q high=100 "$@"; echo "status $?"; }; p -l -j 999; p -l -u nobody; p -l -u nobody,alice -j 999,1001 | cut -c1-40
