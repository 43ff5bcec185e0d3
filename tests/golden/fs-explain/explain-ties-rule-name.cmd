grep -v '^#sibling' trees/ties-listorder.tsv | fs-rank | fs-explain zu1 au1 | grep -A3 'list order'
