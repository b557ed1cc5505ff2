: outer [ : inner ] ;
