// Les règles des cinq jeux en français, d'après les règles d'origine et docs/RULES.md.
export default {
  addup: {sections: [
    ["But du jeu", ["Ramasser le plus de cartes possible : faire en sorte que les deux lignes de la table aient la même somme."]],
    ["Les cartes", ["48 cartes : des cartes numérotées de 1 à 9 (quatre de chaque), six jokers blancs valant de 0 à 5 et six jokers jaunes valant 10 ou plus."]],
    ["Mise en place", ["Chaque joueur reçoit 3 cartes. On retourne deux cartes d'ouverture : l'une commence la ligne du haut, l'autre la ligne du bas. Le reste du paquet forme la pioche, face cachée. Le premier joueur de la liste commence."]],
    ["À votre tour", [
      "Posez une carte de votre main sur la ligne du haut ou sur la ligne du bas. C'est vous qui choisissez la valeur d'un joker en le posant, et elle ne change plus.",
      "Si les deux lignes ont alors des cartes et la même somme, vous ramassez toutes les cartes de la table.",
      "Puis piochez une carte, pour avoir de nouveau 3 cartes tant que la pioche dure. Si vous avez ramassé, on retourne alors deux nouvelles cartes d'ouverture. Quand les deux cartes d'ouverture sont égales, personne ne les ramasse.",
    ]],
    ["Fin de la partie", ["Quand la pioche est vide, on joue les cartes qui restent en main. Quand toutes les mains sont vides, celui qui a ramassé le plus de cartes gagne ; à égalité, on partage la victoire."]],
  ], interpretations: [
    "Le paquet compte 48 cartes : 36 cartes numérotées (de 1 à 9, quatre de chaque), 6 jokers blancs valant de 0 à 5 et 6 jokers jaunes valant 10 ou plus (au plus 999).",
    "Un joker retourné comme carte d'ouverture va sous le paquet et on retourne la carte suivante ; s'il ne reste que des jokers, la ligne commence vide.",
    "Une ligne vide n'est jamais à égalité avec l'autre : un 0 posé sur une table vide ne ramasse rien.",
    "Les cartes restées sur la table à la fin n'appartiennent à personne.",
  ]},
  addit: {sections: [
    ["But du jeu", ["Ramasser plus de cartes que les autres joueurs."]],
    ["Les cartes", ["60 cartes en six familles de sports (football, basket, tennis, baseball, football américain, hockey), numérotées de 1 à 10. Seuls les nombres comptent."]],
    ["Mise en place", ["Chaque joueur reçoit 6 cartes, une par une. On pose 12 cartes face visible sur la table ; le reste forme le talon. Le premier joueur de la liste commence ; en partie longue, chaque nouvelle donne est commencée par le joueur suivant."]],
    ["À votre tour", [
      "Jouez une carte de votre main. Vous pouvez ramasser un groupe de cartes de la table dont la somme fait le nombre de votre carte (une seule carte du même nombre est aussi un groupe). Un seul groupe par tour.",
      "Exemple : avec 2, 3, 3, 4, 4, 5, 6, 8, 8 sur la table, un 8 peut ramasser un 8, ou 2 + 3 + 3, ou 2 + 6, ou 3 + 5, ou 4 + 4. 2 + 3 + 3 ramasse le plus de cartes.",
      "Ramasser n'est jamais obligatoire : vous pouvez toujours poser la carte sur la table. Les cartes ramassées et votre carte vont sur votre tas.",
      "Quand toutes les mains sont vides, on redistribue à partir du talon.",
    ]],
    ["Fin d'une donne", ["Quand le talon et toutes les mains sont vides, le dernier joueur qui a ramassé des cartes ramasse aussi celles restées sur la table (si personne n'a ramassé, elles ne comptent pour personne). Chaque carte ramassée vaut un point."]],
    ["Partie courte ou longue", ["Courte : une seule donne de tout le paquet ; celui qui a le plus de cartes gagne. Longue : on joue des donnes jusqu'à ce qu'un joueur ait 201 points ou plus à la fin d'une donne ; le plus grand total gagne."]],
  ], interpretations: [
    "Si le talon contient moins de 6 cartes par joueur, il est partagé également (à 3 joueurs : 4 cartes chacun à la dernière donne) ; les cartes en trop vont face visible sur la table.",
  ]},
  plusminus: {sections: [
    ["But du jeu", ["Amener vos quatre pions jusqu'à la case 25, l'arrivée, en les déplaçant du total de deux cartes."]],
    ["Les cartes et les plateaux", [
      "Les cartes Plus noires ajoutent, les cartes Moins rouges retranchent. Chaque joueur a un plateau avec des cases numérotées de 1 à 25 et quatre pions, qui partent des étoiles.",
      "Les mains sont cachées ; du tas joué, seule la carte du dessus est visible sur la table (le Journal montre chaque carte au moment où elle a été jouée). Tous les plateaux sont visibles.",
    ]],
    ["Mise en place", ["Chaque joueur reçoit 11 cartes. De 5 à 8 joueurs, on mélange deux paquets ; les cartes non distribuées sont mises de côté sans être vues. Le joueur après le donneur commence ; à chaque manche, le joueur suivant donne."]],
    ["À votre tour", [
      "Jouez une carte. Le total est votre carte plus la carte du dessus (celle que le joueur précédent a jouée). La première carte d'une manche doit être une carte Plus et compte seule.",
      "Déplacez un de vos pions du total : en avant s'il est positif (un pion sur les étoiles entre sur cette case), en arrière s'il est négatif (un pion ramené à 0 ou moins retourne aux étoiles). Un total de 0 ne fait bouger aucun pion. Un pion sur les étoiles ne recule jamais.",
      "Tomber pile sur 25 fait arriver le pion, qui y reste. Dépasser 25, c'est sauter : le pion retourne aux étoiles. Un pion sur les étoiles ne peut sauter (il y reste) que si vous n'avez aucun pion sur les cases 1 à 24. Deux de vos pions ne peuvent pas être sur la même case (sauf les étoiles et l'arrivée).",
      "Vous choisissez le pion, même pour sauter exprès. Un joueur qui peut bouger un pion doit en bouger un. Si aucun pion ne peut bouger, la carte est jouée et rien ne bouge.",
      "Exemples : carte du dessus Plus 5, vous jouez Moins 7 : reculer de 2. Carte du dessus Plus 5, vous jouez Moins 3 : avancer de 2. Carte du dessus Moins 3, vous jouez Plus 3 : on ne bouge pas. Carte du dessus Moins 2, vous jouez Moins 9 : reculer de 11. Pions sur 25, 25, 17 et les étoiles, carte du dessus Plus 15, vous jouez Plus 11 (26) : le pion sur 17 doit sauter.",
    ]],
    ["Fin et décompte", [
      "Une manche s'arrête dès qu'un joueur amène son quatrième pion à l'arrivée, ou quand la dernière carte a été jouée.",
      "Chaque pion arrivé vaut 50, chaque pion sur les étoiles −20, chaque autre pion le numéro de sa case. Une partie se joue en 1 manche ou en 5 ; le plus grand total gagne.",
    ]],
  ], interpretations: [
    "Le paquet compte 44 cartes : 39 cartes Plus noires (de Plus 3 à Plus 15, trois de chaque) et 5 cartes Moins rouges (Moins 2, 3, 5, 7 et 9).",
  ]},
  addem: {sections: [
    ["But du jeu", ["Soyez le premier à vous débarrasser de toutes vos cartes et à crier ADD-EM. Les points comptent contre vous : à 50, vous êtes éliminé."]],
    ["Les cartes", [
      "52 cartes : des cartes Chiffre noires de 0 à 8 (trois de chaque), des cartes Moins noires de −1 à −5 (deux de chaque), des cartes Total rouges de 0 à 12 et deux cartes Add-Em.",
      "L'Add-Em impair vaut 1, 3, 5, 7, −1, −3 ou −5 ; l'Add-Em pair vaut 2, 4, 6, 8, −2 ou −4. Ces deux cartes ne valent jamais 0 ni une carte Total. De 5 à 8 joueurs, on utilise deux paquets.",
    ]],
    ["Mise en place", ["Chaque joueur reçoit 6 cartes ; le reste forme la pioche, face cachée. Le joueur après le donneur commence."]],
    ["Une addition", ["Une addition, c'est 3 cartes ou plus avec exactement une carte Total rouge ; les autres cartes font ensemble le nombre de la carte Total. Une addition terminée va sous la pioche."]],
    ["À votre tour", [
      "Quand rien n'est exposé : posez une addition faite avec votre main, ou exposez face visible une carte Chiffre ou Moins, ou piochez une carte.",
      "Quand des cartes sont exposées : complétez une addition avec toutes les cartes exposées et des cartes de votre main (la carte Total vient de votre main), ou prenez les cartes exposées et posez à leur place au moins deux cartes Chiffre ou Moins (pas les cartes que vous venez de prendre) qui font le même total, ou piochez.",
      "Un joueur qui n'a que des cartes Total et Add-Em doit piocher.",
    ]],
    ["Finir", ["Quand votre main est vide, vous criez ADD-EM et la manche s'arrête. Juste après une addition, une main qui n'a plus qu'une carte Total, ou que des cartes Add-Em, est défaussée et vous avez fini. Une seule carte Chiffre ou Moins restante doit attendre votre tour suivant ; si rien n'est exposé alors, l'exposer vide votre main."]],
    ["Décompte", [
      "Les autres joueurs comptent leur main : les cartes Chiffre et Moins 1 chacune, les cartes Total 3 chacune, les cartes Add-Em 10 chacune. À 50 ou plus, un joueur est éliminé ; la partie s'arrête quand il reste au plus un joueur sous 50. Le plus petit score gagne.",
      "Avec l'option pénalités, une addition bien formée mais fausse coûte 5 points et les cartes reviennent dans la main ; sans elle, l'addition est refusée et le calcul montré.",
    ]],
  ], interpretations: [
    "Plusieurs cartes exposées comptent ensemble comme une seule valeur : une addition doit toutes les utiliser, et un remplacement les prend toutes et pose deux cartes ou plus qui font le même total.",
    "Un joueur qui n'a que des cartes Total et Add-Em doit piocher, même dans le cas rare où il pourrait faire une addition.",
    "Quand la pioche est vide, on passe au lieu de piocher ; si tous les joueurs encore en jeu passent à la suite, la manche s'arrête bloquée : personne ne crie ADD-EM et chacun compte sa main.",
    "Finir après une addition est automatique : une carte Total restée seule en main, ou une main de cartes Add-Em seulement, est défaussée aussitôt.",
    "Les points de pénalité comptent tout de suite, mais un joueur n'est éliminé qu'au décompte de la manche.",
    "Avec deux paquets, une main de cartes Add-Em seulement (autant qu'il y en a) peut être défaussée après une addition.",
    "Les remplacements ne tournent pas sans fin : quand tous les joueurs encore en jeu ont remplacé l'un après l'autre, sans autre coup entre, le suivant ne peut pas remplacer (seulement poser une addition ou piocher) ; quand la pioche est vide, personne ne peut remplacer. Les parties commencées avant cette règle continuent sans elle.",
  ]},
  addtoo: {sections: [
    ["But du jeu", ["Poser tous vos losanges le plus vite possible, contre des nombres égaux ou en marquant des points ; les losanges restés en main coûtent des points."]],
    ["Les losanges", ["45 losanges, chacun partagé en une moitié orange et une moitié bleue portant chacune un nombre de 1 à 10. Chaque moitié montre son nombre sur ses deux côtés extérieurs."]],
    ["Mise en place", ["Chaque joueur tire 5 losanges et les pose face visible : tout le monde voit toutes les mains. Le joueur qui a le plus petit losange (par son total) commence, avec le losange de son choix. En cas d'égalité, on compare le losange suivant de chacun (le plus petit après celui-là), puis c'est le premier de la liste des joueurs qui commence."]],
    ["À votre tour", [
      "Posez un losange contre le dernier losange joué. Les côtés qui se touchent doivent être de la même couleur, et leurs nombres doivent être égaux ou faire un multiple de 5 (5, 10, 15, 20).",
      "Deux nombres qui se touchent rapportent leur somme quand elle est un multiple de 5 (5 contre 10 rapporte 15 ; 5 contre 5, égaux, rapportent 10) ; des nombres égaux dont la somme n'est pas un multiple de 5 (3 contre 3) ne rapportent rien. Les autres côtés qui se touchent et marquent comptent aussi.",
      "Coup bonus : un losange peut aussi aller sur une case vide qui n'est pas à côté du dernier losange joué, s'il y touche 2, 3 ou 4 losanges, avec sur chaque côté touché la même couleur et des nombres égaux ou qui marquent. Il rapporte les points de ses côtés qui marquent, plus 5 par côté touché. Une pose à côté du dernier losange joué n'est jamais un coup bonus.",
      "Un joueur qui peut poser doit poser. Sinon il pioche, un losange à la fois tant qu'il en a moins de 5 et que la pioche n'est pas vide, et pose dès qu'il peut ; s'il ne peut toujours pas, il passe.",
    ]],
    ["Fin et décompte", [
      "Une manche s'arrête quand un joueur a posé tous ses losanges, quand le dernier losange est fermé sur ses quatre côtés, ou quand tous les joueurs ont passé à la suite. Chaque losange resté en main coûte 10 points. Les scores ne comptent qu'à la fin d'une manche.",
      "On joue des manches jusqu'à ce que le total d'un joueur atteigne le but (200 sauf autre choix) ; le plus grand total gagne alors.",
    ]],
  ], interpretations: [
    "Il y a 45 losanges, un pour chaque paire de nombres différents de 1 à 10.",
    "Le nombre orange est le plus petit quand les deux nombres diffèrent d'un nombre impair, le plus grand quand ils diffèrent d'un nombre pair ; l'autre nombre est bleu.",
    "Si plusieurs joueurs atteignent le but dans la même manche, le plus grand total gagne ; à égalité, le meilleur score de cette dernière manche, une fois ôtés les 10 points de chaque losange resté en main, gagne ; s'il y a encore égalité, ils partagent la victoire.",
  ]},
};
