sed 's/\t15$/\tx/' trees/ties-listorder.tsv | fs-rank
