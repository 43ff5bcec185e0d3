sed -n '/^\.Bd -literal/,/^\.Ed/p' ../man/fs-tsv.5 | sed '1d;$d' | fs-rank -P -o account,user,rawusage,levelfs,fairshare
