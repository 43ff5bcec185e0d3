fs-rank --ties merge -P -n -o account,user,fairshare -U trees/ex2a.tsv
