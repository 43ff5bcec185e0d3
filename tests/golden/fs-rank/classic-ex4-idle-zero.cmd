fs-rank --algorithm classic -P -n -o Account,User,FairShare trees/ex4.tsv | grep -E '^ *(idle|zero)'
