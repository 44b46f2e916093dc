module tourney

go 1.26.8
