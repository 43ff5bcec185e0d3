sed 's/^#fs-tsv 1$/&\n#slurm_version=26.05.5/' trees/ex1.tsv | fs-rank --algorithm classic -P -n -o account,user,fairshare
