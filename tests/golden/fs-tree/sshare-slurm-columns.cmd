fs-tree --sshare sshare/ex7.P | fs-rank | cut -f1,2,13-17 | awk -F"\t" '$1 == "aD" || $1 == "aDA"'
