fs-rank --algorithm classic --as-slurm 26.05 -P -n -o account,user,fairshare trees/ex1.tsv
