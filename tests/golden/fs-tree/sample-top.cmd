fs-tree --sample | fs-rank -P -U -o account,user,fairshare | sort -t"|" -k3,3r | head -3
