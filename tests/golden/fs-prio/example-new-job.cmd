fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --jobs-file golden/fs-prio-jobs.tsv -Q high=100 --user alice --ntasks 8 --time 2h < golden/fs-prio-tree.tsv
