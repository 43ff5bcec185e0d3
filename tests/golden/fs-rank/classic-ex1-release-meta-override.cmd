sed 's/^#fs-tsv 1$/&\n#slurm_version=26.05.5/' trees/ex1.tsv | fs-rank --algorithm classic --as-slurm 22.05 -P -n -o account,user,fairshare
