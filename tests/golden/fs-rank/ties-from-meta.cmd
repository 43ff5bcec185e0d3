fs-rank --ties merge trees/ex2a.tsv | fs-rank -P -n -o account,user,fairshare -U
