# fs-rank(1)'s GLOSSARY is what fs-explain --glossary bob writes for the
# sample tree, word for word.
fs-tree --sample | fs-explain --glossary bob |
	diff - <(awk '/^\.Sh GLOSSARY/ { g = 1 } g && /^\.Ed/ { exit }
		g && b { gsub(/\\e/, "\\"); gsub(/\\&/, ""); print }
		g && /^\.Bd -literal/ { b = 1 }' ../tools/fs-rank/fs-rank.1) &&
	echo "fs-rank(1) GLOSSARY: the words of fs-explain --glossary bob"
