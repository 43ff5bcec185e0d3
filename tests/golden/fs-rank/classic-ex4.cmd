fs-rank --algorithm classic -P -n -o Account,User,NormShares,EffectvUsage,FairShare trees/ex4.tsv | grep -E '^ *(busy|sub)\|'
