synonym plus +
2 3 plus
