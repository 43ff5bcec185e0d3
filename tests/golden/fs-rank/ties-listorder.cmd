fs-rank -P -o account,user,fairshare trees/ties-listorder.tsv
