: rest ( -- ) source >in @ /string type source nip >in ! ; rest and this is skipped
