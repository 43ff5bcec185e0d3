grep -v '^#sibling_order' trees/ties-controller.tsv | fs-rank -P -o account,user,fairshare
