fs-rank trees/ties-listorder.tsv | fs-explain zu1 au1 | grep -A3 'list order'
