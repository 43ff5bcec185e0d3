fs-prio --tree - --conf golden/fs-prio-cluster.conf --jobs-file golden/fs-prio-jobs.tsv -Q high=100 -o '%.6i %y %a %b %f %j %p %q %t %.8o %n' --noheader
