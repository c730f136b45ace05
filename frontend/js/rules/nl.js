// De regels van de vijf spellen in het Nederlands, naar de oorspronkelijke spelregels en docs/RULES.md.
export default {
  addup: {sections: [
    ["Doel", ["Pak zoveel mogelijk kaarten: zorg dat de twee rijen op tafel opgeteld op hetzelfde getal uitkomen."]],
    ["De kaarten", ["48 kaarten: getallenkaarten van 1 tot 9 (vier van elk), zes witte jokers die 0 tot 5 waard zijn en zes gele jokers die 10 of meer waard zijn."]],
    ["Klaarzetten", ["Elke speler krijgt 3 kaarten. Twee beginkaarten worden opengelegd: de ene begint de bovenste rij, de andere de onderste rij. De rest van de stapel ligt dicht klaar. De speler die bovenaan de lijst staat, begint."]],
    ["Jouw beurt", [
      "Leg een kaart uit je hand in de bovenste of de onderste rij. De waarde van een joker kies je als je hem speelt, en die blijft.",
      "Liggen er nu in beide rijen kaarten en hebben de twee rijen hetzelfde totaal, dan pak je alle kaarten op tafel.",
      "Trek daarna een kaart, zodat je weer 3 kaarten hebt zolang de stapel niet op is. Na het pakken worden twee nieuwe beginkaarten opengelegd. Beginkaarten die toevallig gelijk zijn, pakken niets.",
    ]],
    ["Einde van het potje", ["Is de stapel op, dan spelen de spelers hun hand uit. Zijn alle handen leeg, dan wint wie de meeste kaarten heeft gepakt; wie er evenveel heeft, wint samen."]],
  ], interpretations: [
    "De stapel heeft 48 kaarten: 36 getallenkaarten (1 tot 9, vier van elk), 6 witte jokers die 0 tot 5 waard zijn en 6 gele jokers die 10 of meer waard zijn (hoogstens 999).",
    "Een joker die als beginkaart wordt omgedraaid, gaat onder de stapel en de volgende kaart wordt omgedraaid; zijn er alleen nog jokers, dan begint die rij leeg.",
    "Een lege rij is nooit gelijk: een 0 op een lege tafel pakt niets.",
    "Kaarten die aan het eind op tafel liggen, zijn van niemand.",
  ]},
  addit: {sections: [
    ["Doel", ["Verzamel meer kaarten dan de andere spelers."]],
    ["De kaarten", ["60 kaarten in zes sporten (voetbal, basketbal, tennis, honkbal, American football, hockey), elk genummerd van 1 tot 10. Alleen de getallen tellen."]],
    ["Klaarzetten", ["Elke speler krijgt 6 kaarten, één voor één. Twaalf kaarten worden open op tafel gelegd; de rest is de stapel. De speler die bovenaan de lijst staat, begint; in een lang spel begint bij elke nieuwe ronde de volgende speler."]],
    ["Jouw beurt", [
      "Speel een kaart uit je hand. Je mag één groep kaarten van tafel verzamelen waarvan de getallen samen het getal van jouw kaart maken (een losse kaart met hetzelfde getal is ook zo'n groep). Maar één groep per beurt.",
      "Voorbeeld: met 2, 3, 3, 4, 4, 5, 6, 8, 8 op tafel mag een 8 één 8 verzamelen, of 2 + 3 + 3, of 2 + 6, of 3 + 5, of 4 + 4. Met 2 + 3 + 3 verzamel je de meeste.",
      "Verzamelen hoeft nooit: je mag de kaart altijd op tafel leggen. De verzamelde kaarten en jouw kaart gaan naar je eigen stapeltje.",
      "Zijn alle handen leeg, dan worden er nieuwe handen gedeeld van de stapel.",
    ]],
    ["Einde van een ronde", ["Zijn de stapel en alle handen leeg, dan pakt de speler die het laatst heeft verzameld de kaarten die nog op tafel liggen (heeft niemand verzameld, dan tellen ze voor niemand). Elke verzamelde kaart is één punt."]],
    ["Kort of lang spel", ["Kort: één ronde met de hele stapel; wie de meeste kaarten heeft, wint. Lang: er worden rondes gespeeld tot iemand na een ronde 201 punten of meer heeft; het hoogste totaal wint."]],
  ], interpretations: [
    "Heeft de stapel minder dan 6 kaarten per speler, dan wordt hij eerlijk verdeeld (met 3 spelers: elk 4 kaarten in de laatste ronde); kaarten die overblijven, gaan open op tafel.",
  ]},
  plusminus: {sections: [
    ["Doel", ["Breng je vier pionnen thuis op vakje 25 door ze te zetten met het totaal van twee kaarten."]],
    ["De kaarten en borden", [
      "Zwarte Pluskaarten tellen erbij, rode Minkaarten halen eraf. Elke speler heeft een bord met de vakjes 1 tot 25 en vier pionnen, die op de sterren beginnen.",
      "Handen zijn verborgen; van de gespeelde stapel ligt alleen de bovenste kaart zichtbaar op tafel (in het verloop staat elke kaart die gespeeld is). Alle borden zijn voor iedereen te zien.",
    ]],
    ["Klaarzetten", ["Elke speler krijgt 11 kaarten. Met 5 tot 8 spelers worden twee spellen kaarten door elkaar geschud; kaarten die niet gedeeld zijn, worden ongezien weggelegd. De speler na de deler begint; bij elk spel deelt de volgende speler."]],
    ["Jouw beurt", [
      "Speel een kaart. Het totaal is jouw kaart plus de bovenste kaart (de kaart die de speler voor jou speelde). De eerste kaart van een spel moet een Pluskaart zijn en telt alleen.",
      "Zet een van je pionnen zo ver als het totaal: vooruit als het positief is (een pion op de sterren komt op dat vakje), achteruit als het negatief is (een pion die op 0 of lager komt, gaat terug naar de sterren). Bij een totaal van 0 gaat er geen pion. Pionnen op de sterren gaan nooit achteruit.",
      "Kom je precies op 25, dan is je pion thuis, en daar blijft hij. Kom je voorbij 25, dan schiet je door: de pion gaat terug naar de sterren. Een pion op de sterren kan alleen doorschieten (en blijft daar) als je geen pion op 1 tot 24 hebt. Twee van je pionnen mogen niet op hetzelfde vakje staan (behalve op de sterren en thuis).",
      "Jij kiest welke pion, ook als je expres doorschiet. Een speler die een pion kan zetten, moet er een zetten. Kan geen enkele pion gaan, dan wordt de kaart gespeeld en gaat er niets.",
      "Voorbeelden: boven ligt Plus 5, jij speelt Min 7: 2 terug. Boven Plus 5, jij speelt Min 3: 2 vooruit. Boven Min 3, jij speelt Plus 3: geen pion gaat. Boven Min 2, jij speelt Min 9: 11 terug. Pionnen op 25, 25, 17 en de sterren, boven Plus 15, jij speelt Plus 11 (26): de pion op 17 moet doorschieten.",
    ]],
    ["Einde en punten", [
      "Een spel is meteen afgelopen als een speler zijn vierde pion thuisbrengt, of als de laatste kaart gespeeld is.",
      "Elke pion die thuis is, levert 50 op, elke pion op de sterren −20, elke andere pion het getal van zijn vakje. Een potje is 1 spel of een reeks van 5; het hoogste totaal wint.",
    ]],
  ], interpretations: [
    "Het spel kaarten heeft 44 kaarten: 39 zwarte Pluskaarten (Plus 3 tot Plus 15, drie van elk) en 5 rode Minkaarten (Min 2, 3, 5, 7 en 9).",
  ]},
  addem: {sections: [
    ["Doel", ["Wees als eerste al je kaarten kwijt en roep ADD-EM. Punten tellen tegen je: bij 50 lig je eruit."]],
    ["De kaarten", [
      "52 kaarten: zwarte Cijferkaarten van 0 tot 8 (drie van elk), zwarte Minkaarten van −1 tot −5 (twee van elk), rode Totaalkaarten van 0 tot 12, en twee Add-Em-kaarten.",
      "De Oneven Add-Em-kaart telt als 1, 3, 5, 7, −1, −3 of −5; de Even als 2, 4, 6, 8, −2 of −4. Ze tellen nooit als 0 of als een Totaalkaart. Met 5 tot 8 spelers worden twee spellen kaarten gebruikt.",
    ]],
    ["Klaarzetten", ["Elke speler krijgt 6 kaarten; de rest is de stapel, dicht. De speler na de deler begint."]],
    ["Een som", ["Een som is 3 of meer kaarten met precies één rode Totaalkaart; de andere kaarten maken samen het getal van de Totaalkaart. Een som die af is, gaat onder de stapel."]],
    ["Jouw beurt", [
      "Ligt er niets open: leg een som uit je hand neer, of leg één Cijfer- of Minkaart open, of trek een kaart van de stapel.",
      "Liggen er kaarten open: maak een som af met alle open kaarten en kaarten uit je hand (de Totaalkaart komt uit je hand), of pak de open kaarten en leg op hun plaats twee of meer Cijfer- of Minkaarten (niet de kaarten die je net pakte) met hetzelfde totaal, of trek een kaart.",
      "Een speler die alleen Totaal- en Add-Em-kaarten heeft, moet trekken.",
    ]],
    ["Uitgaan", ["Is je hand leeg, dan roep je ADD-EM en is de ronde afgelopen. Heb je direct na een som alleen nog één Totaalkaart, of alleen Add-Em-kaarten, dan gooi je die weg en ben je uit. Heb je nog één Cijfer- of Minkaart over, dan moet die wachten tot je volgende beurt; ligt er dan niets open, dan maakt openleggen je hand leeg."]],
    ["Tellen", [
      "De andere spelers tellen hun hand: Cijfer- en Minkaarten 1 elk, Totaalkaarten 3 elk, Add-Em-kaarten 10 elk. Een speler met 50 of meer ligt eruit; het potje is afgelopen als er hoogstens één speler onder de 50 is. De laagste score wint.",
      "Met de keuze strafpunten kost een goed gebouwde som die fout opgeteld is 5 punten en gaan de kaarten terug naar de hand; zonder die keuze wordt de som geweigerd en de berekening getoond.",
    ]],
  ], interpretations: [
    "Meerdere open kaarten tellen samen als één waarde: een som moet ze allemaal gebruiken, en bij ruilen pak je ze allemaal en leg je twee of meer kaarten met hetzelfde totaal neer.",
    "Een speler die alleen Totaal- en Add-Em-kaarten heeft, moet trekken, ook in het zeldzame geval dat hij een som zou kunnen maken.",
    "Is de stapel leeg, dan past een speler in plaats van te trekken; passen alle spelers die nog meedoen na elkaar, dan zit de ronde vast: niemand roept ADD-EM en iedereen telt zijn hand.",
    "Uitgaan na een som gaat vanzelf: een losse Totaalkaart, of alleen Add-Em-kaarten, wordt meteen weggegooid.",
    "Strafpunten tellen meteen, maar een speler ligt er pas uit als de ronde geteld wordt.",
    "Met twee spellen kaarten mag een hand met alleen Add-Em-kaarten (hoeveel ook) na een som weggegooid worden.",
    "Ruilrondjes houden op: hebben alle spelers die nog meedoen na elkaar geruild, zonder een andere zet ertussen, dan mag de volgende speler niet ruilen (alleen een som maken of trekken); is de stapel leeg, dan mag niemand meer ruilen. Potjes die voor deze regel begonnen zijn, spelen zonder haar verder.",
  ]},
  addtoo: {sections: [
    ["Doel", ["Speel al je ruiten zo snel mogelijk uit, zo dat ze passen of punten opleveren; ruiten die je in je hand houdt, kosten punten."]],
    ["De ruiten", ["45 ruiten, elk verdeeld in een oranje helft en een blauwe helft met op elke helft een getal van 1 tot 10. Elke helft laat haar getal zien op haar twee buitenkanten."]],
    ["Klaarzetten", ["Elke speler trekt 5 ruiten en legt ze open neer: iedereen ziet alle handen. De speler met de laagste ruit (naar zijn totaal) begint, met welke ruit hij wil. Bij gelijkspel beslist de op één na laagste ruit, en dan wie bovenaan de lijst staat."]],
    ["Jouw beurt", [
      "Leg een ruit tegen de laatst gespeelde ruit aan. De kanten die elkaar raken, moeten dezelfde kleur hebben, en hun getallen moeten gelijk zijn of samen een veelvoud van 5 maken (5, 10, 15, 20).",
      "Een passende zet levert niets op; een scorende zet levert de som van de twee getallen op (5 tegen 10 levert 15 op; 5 tegen 5 past en levert 10 op). Andere kanten die elkaar raken en scoren, tellen ook mee.",
      "Bonuszet: een ruit mag in plaats daarvan op een leeg vakje dat niet naast de laatst gespeelde ruit ligt, als hij daar 2, 3 of 4 ruiten raakt en elke kant die hij raakt past of scoort. Hij levert zijn combinaties op plus 5 voor elke kant die hij raakt. Een zet naast de laatst gespeelde ruit is nooit een bonuszet.",
      "Een speler die kan leggen, moet leggen. Wie niet kan, trekt één ruit tegelijk zolang hij er minder dan 5 heeft en de stapel niet op is, en legt zodra het kan; wie dan nog steeds niet kan, past.",
    ]],
    ["Einde en punten", [
      "Een ronde is afgelopen als een speler al zijn ruiten heeft gelegd, als de laatste ruit aan alle vier de kanten ingesloten is, of als alle spelers na elkaar hebben gepast. Elke ruit die je nog in je hand hebt, kost 10 punten. Punten tellen pas aan het eind van een ronde.",
      "Er worden rondes gespeeld tot het totaal van een speler het doel haalt (200, tenzij er iets anders gekozen is); dan wint het hoogste totaal.",
    ]],
  ], interpretations: [
    "Er zijn 45 ruiten, één voor elk paar verschillende getallen van 1 tot 10.",
    "Het oranje getal is het kleinste als de twee getallen een oneven getal verschillen, en het grootste als ze een even getal verschillen; het andere getal is blauw.",
    "Halen meerdere spelers het doel in dezelfde ronde, dan wint het hoogste totaal; zijn de totalen gelijk, dan wint de hoogste score in die laatste ronde, na de 10 punten die elke ruit in de hand kost; is ook dat gelijk, dan winnen ze samen.",
  ]},
};
