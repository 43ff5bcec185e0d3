fs-rank --algorithm classic --dampening 2 -P -n -o account,user,fairshare trees/ex1.tsv | grep -E '^(root\||  ?A\||  B\||.*\|u[23]\||  ?D\|)'
