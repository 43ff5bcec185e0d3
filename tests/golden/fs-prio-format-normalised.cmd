fs-prio -t - --conf golden/fs-prio-cluster.conf --jobs golden/fs-prio-jobs.tsv -Q high=100 -o '%.6i %y %a %b %f %j %p %q %t %.8o %l' --noheader
