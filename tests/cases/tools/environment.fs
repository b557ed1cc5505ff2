s" MAX-N" environment? s" nonsense" environment?
