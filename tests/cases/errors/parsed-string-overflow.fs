s\" \xZZ"
