fs-rank trees/slash-names.tsv | fs-explain 'a/b\/c' 'a\/b/c' | head -3; fs-rank trees/slash-names.tsv | fs-explain c | head -1; fs-rank trees/slash-names.tsv | fs-explain b/c
