// As regras dos cinco jogos em português, segundo os regulamentos originais e docs/RULES.md.
export default {
  addup: {sections: [
    ["Objetivo", ["Ganhar o máximo de cartas: fazer com que as duas filas da mesa somem o mesmo."]],
    ["As cartas", ["48 cartas: cartas de 1 a 9 (quatro de cada), seis jóqueres brancos que valem de 0 a 5 e seis jóqueres amarelos que valem 10 ou mais."]],
    ["Preparação", ["Cada jogador recebe 3 cartas. Viram-se duas cartas de «início de fila»: uma começa a fila de cima e a outra a de baixo. O resto do baralho fica virado para baixo. Começa o primeiro jogador da lista."]],
    ["A tua vez", [
      "Joga uma carta da tua mão na fila de cima ou na de baixo. O valor de um jóquer escolhes tu ao jogá-lo, e não muda mais.",
      "Se as duas filas tiverem então cartas e a mesma soma, ganhas todas as cartas da mesa.",
      "A seguir tira uma carta, para voltares a ter 3 enquanto houver baralho. Se ganhaste cartas, viram-se depois duas novas cartas de início de fila. Se as duas novas cartas de início de fila saírem iguais, ninguém ganha nada com isso.",
    ]],
    ["Fim do jogo", ["Quando o baralho acaba, jogam-se as cartas que restam na mão. Quando todas as mãos estão vazias, ganha quem tiver ganho mais cartas; em caso de empate, partilham a vitória."]],
  ], interpretations: [
    "O baralho tem 48 cartas: 36 cartas numeradas (de 1 a 9, quatro de cada), 6 jóqueres brancos que valem de 0 a 5 e 6 jóqueres amarelos que valem 10 ou mais (no máximo 999).",
    "Um jóquer virado como carta de início de fila vai para baixo do baralho e vira-se a carta seguinte; se só restarem jóqueres, a fila começa vazia.",
    "Uma fila vazia nunca conta como igual à outra: um 0 jogado numa mesa vazia não ganha nada.",
    "As cartas que ficam na mesa no fim não são de ninguém.",
  ]},
  addit: {sections: [
    ["Objetivo", ["Recolher mais cartas do que os outros jogadores."]],
    ["As cartas", ["60 cartas em seis naipes de desportos (futebol, basquetebol, ténis, basebol, futebol americano, hóquei), numeradas de 1 a 10. Só contam os números."]],
    ["Preparação", ["Cada jogador recebe 6 cartas, uma a uma. Põem-se 12 cartas viradas para cima na mesa; o resto é o monte. Começa o primeiro jogador da lista; no jogo longo, cada nova distribuição começa pelo jogador seguinte."]],
    ["A tua vez", [
      "Joga uma carta da tua mão. Podes recolher um grupo de cartas da mesa cujos números somem o número da tua carta (uma só carta do mesmo número também é um grupo). Só um grupo por jogada.",
      "Exemplo: com 2, 3, 3, 4, 4, 5, 6, 8, 8 na mesa, um 8 pode levar um 8, ou 2 + 3 + 3, ou 2 + 6, ou 3 + 5, ou 4 + 4. Com 2 + 3 + 3 recolhem-se mais cartas.",
      "Recolher nunca é obrigatório: podes sempre pôr a carta na mesa. As cartas recolhidas e a tua carta vão para a tua pilha.",
      "Quando todas as mãos estão vazias, distribuem-se mãos novas do monte.",
    ]],
    ["Fim de uma distribuição", ["Quando o monte e todas as mãos estão vazios, o último jogador que recolheu fica com as cartas que restam na mesa (se ninguém recolheu, não contam para ninguém). Cada carta recolhida vale um ponto."]],
    ["Jogo curto ou longo", ["Curto: uma só distribuição de todo o baralho; ganha quem tiver mais cartas. Longo: jogam-se distribuições até alguém ter 201 pontos ou mais no fim de uma; ganha o total mais alto."]],
  ], interpretations: [
    "Se o monte tiver menos de 6 cartas por jogador, é dividido em partes iguais (com 3 jogadores: 4 cartas cada na última distribuição); as que sobram vão viradas para cima para a mesa.",
  ]},
  plusminus: {sections: [
    ["Objetivo", ["Levar os teus quatro peões a casa, no 25, movendo-os com o total de duas cartas."]],
    ["As cartas e os tabuleiros", [
      "As cartas Mais pretas somam e as cartas Menos vermelhas subtraem. Cada jogador tem um tabuleiro com as casas de 1 a 25 e quatro peões, que partem das estrelas.",
      "As mãos estão escondidas; do monte jogado só se vê na mesa a carta de cima (o Registo mostra cada carta tal como foi jogada, virada para cima). Todos os tabuleiros estão à vista.",
    ]],
    ["Preparação", ["Cada jogador recebe 11 cartas. Com 5 a 8 jogadores, baralham-se dois baralhos juntos; as cartas não distribuídas ficam de lado sem serem vistas. Começa o jogador a seguir a quem deu; em cada partida dá as cartas o jogador seguinte."]],
    ["A tua vez", [
      "Joga uma carta. O total é a tua carta mais a carta de cima (a que o jogador anterior jogou). A primeira carta de uma partida tem de ser uma carta Mais e conta sozinha.",
      "Move um dos teus peões tantas casas como o total: para a frente se for positivo (um peão nas estrelas entra nessa casa), para trás se for negativo (um peão que chegue a 0 ou menos volta às estrelas). Um total de 0 não move ninguém. Os peões nas estrelas nunca recuam.",
      "Cair exatamente no 25 leva o peão a casa, onde fica. Passar do 25 é rebentar: o peão volta às estrelas. Um peão nas estrelas só pode rebentar (e fica lá) se não tiveres nenhum peão nas casas 1 a 24. Dois peões teus não podem estar na mesma casa (exceto nas estrelas e em casa).",
      "Escolhes tu o peão, mesmo para rebentar de propósito. Quem pode mover um peão tem de mover um. Se nenhum peão se puder mover, a carta é jogada e nada se move.",
      "Exemplos: em cima Mais 5, jogas Menos 7: recuas 2. Em cima Mais 5, jogas Menos 3: avanças 2. Em cima Menos 3, jogas Mais 3: não te moves. Em cima Menos 2, jogas Menos 9: recuas 11. Peões em 25, 25, 17 e nas estrelas, em cima Mais 15, jogas Mais 11 (26): o peão no 17 tem de rebentar.",
    ]],
    ["Fim e pontuação", [
      "Uma partida acaba logo que um jogador leva o quarto peão a casa, ou quando se joga a última carta.",
      "Cada peão em casa vale 50, cada peão nas estrelas −20 e cada um dos outros o número da casa em que está. Joga-se 1 partida ou uma série de 5; ganha o total mais alto.",
    ]],
  ], interpretations: [
    "O baralho tem 44 cartas: 39 cartas Mais pretas (de Mais 3 a Mais 15, três de cada) e 5 cartas Menos vermelhas (Menos 2, 3, 5, 7 e 9).",
  ]},
  addem: {sections: [
    ["Objetivo", ["Ser o primeiro a ficar sem cartas e gritar ADD-EM. Os pontos contam contra ti: aos 50 sais do jogo."]],
    ["As cartas", [
      "52 cartas: cartas Algarismo pretas de 0 a 8 (três de cada), cartas Menos pretas de −1 a −5 (duas de cada), cartas Total vermelhas de 0 a 12 e duas cartas Add-Em.",
      "A carta Add-Em ímpar vale 1, 3, 5, 7, −1, −3 ou −5; a par 2, 4, 6, 8, −2 ou −4. Nunca valem 0 nem servem de carta Total. Com 5 a 8 jogadores, usam-se dois baralhos.",
    ]],
    ["Preparação", ["Cada jogador recebe 6 cartas; o resto é o monte, virado para baixo. Começa o jogador a seguir a quem deu."]],
    ["Uma soma", ["Uma soma são 3 cartas ou mais com exatamente uma carta Total vermelha; as outras cartas somam o número da carta Total. Uma soma terminada vai para baixo do monte."]],
    ["A tua vez", [
      "Se nada estiver exposto: põe uma soma feita com a tua mão, ou expõe virada para cima uma carta Algarismo ou Menos, ou tira uma carta do monte.",
      "Se houver cartas expostas: completa uma soma com todas as cartas expostas e cartas da tua mão (a carta Total vem da tua mão), ou leva as cartas expostas e põe no lugar delas duas ou mais cartas Algarismo ou Menos (não as que acabaste de levar) com o mesmo total, ou tira uma carta.",
      "Um jogador que só tem cartas Total e Add-Em tem de tirar uma carta.",
    ]],
    ["Ficar sem cartas", ["Quando a tua mão fica vazia, gritas ADD-EM e a ronda acaba. Logo a seguir a uma soma, uma mão com só uma carta Total, ou só cartas Add-Em, é descartada e ficas sem cartas. Uma só carta Algarismo ou Menos que reste tem de esperar pela tua vez seguinte; se então nada estiver exposto, expô-la esvazia-te a mão."]],
    ["Contagem", [
      "Os outros jogadores contam a sua mão: cartas Algarismo e Menos 1 cada, cartas Total 3 cada, cartas Add-Em 10 cada. Com 50 ou mais, um jogador sai; o jogo acaba quando fica no máximo um jogador abaixo de 50. Ganha a pontuação mais baixa.",
      "Com a opção de penalizações, uma soma bem formada mas errada custa 5 pontos e as cartas voltam para a mão; sem ela, a soma é recusada e mostra-se a conta.",
    ]],
  ], interpretations: [
    "Várias cartas expostas contam juntas como um só valor: uma soma tem de as usar todas, e uma substituição leva-as todas e põe duas ou mais cartas com o mesmo total.",
    "Um jogador que só tem cartas Total e Add-Em tem de tirar uma carta, mesmo no caso raro de poder fazer uma soma.",
    "Quando o monte está vazio passa-se em vez de tirar; se todos os jogadores ainda em jogo passarem seguidos, a ronda acaba bloqueada: ninguém grita ADD-EM e todos contam a sua mão.",
    "Ficar sem cartas depois de uma soma é automático: uma carta Total sozinha, ou só cartas Add-Em, são descartadas logo.",
    "Os pontos de penalização contam logo, mas um jogador só sai na contagem da ronda.",
    "Com dois baralhos, uma mão só de cartas Add-Em (sejam quantas forem) pode ser descartada depois de uma soma.",
    "As voltas de substituições acabam: quando todos os jogadores ainda em jogo substituíram, um após o outro, sem outra jogada no meio, o seguinte não pode substituir (só fazer uma soma ou tirar uma carta); com o monte vazio, ninguém pode substituir. Os jogos começados antes desta regra continuam sem ela.",
  ]},
  addtoo: {sections: [
    ["Objetivo", ["Colocar todos os teus losangos o mais depressa possível, em combinações iguais ou que pontuam; os losangos que ficam na mão custam pontos."]],
    ["Os losangos", ["45 losangos, cada um dividido numa metade laranja e numa metade azul, cada uma com um número de 1 a 10. Cada metade mostra o seu número nos seus dois lados exteriores."]],
    ["Preparação", ["Cada jogador tira 5 losangos e põe-nos virados para cima: todos veem todas as mãos. Começa quem tiver o losango mais baixo (pelo seu total), com o losango que quiser. Em caso de empate, decide o losango seguinte mais baixo, e depois quem estiver primeiro na lista de jogadores."]],
    ["A tua vez", [
      "Coloca um losango junto ao último losango jogado. Os lados que se tocam têm de ser da mesma cor, e os números têm de ser iguais ou somar um múltiplo de 5 (5, 10, 15, 20).",
      "Uma jogada com números iguais não pontua; uma jogada que pontua vale a soma dos dois números (5 contra 10 vale 15; 5 contra 5 é igual e vale 10). Os outros lados que se tocam e pontuam também contam.",
      "Jogada bónus: um losango também pode ir para uma casa livre que não fique junto ao último losango jogado, se aí tocar 2, 3 ou 4 losangos, com cada lado tocado igual ou a pontuar. Vale as suas combinações mais 5 por lado tocado. Uma jogada junto ao último losango jogado nunca é uma jogada bónus.",
      "Quem pode colocar tem de colocar. Quem não pode, tira losangos do monte, um de cada vez, enquanto tiver menos de 5 e houver losangos no monte, e coloca logo que possa; se mesmo assim não puder, passa.",
    ]],
    ["Fim e pontuação", [
      "Uma mão acaba quando um jogador colocou todos os seus losangos, quando o último losango está fechado nos quatro lados, ou quando todos os jogadores passaram seguidos. Cada losango que fica na mão custa 10 pontos. As pontuações só contam no fim de uma mão.",
      "Jogam-se mãos até o total de um jogador chegar à meta (200, se não se escolher outra); ganha então o total mais alto.",
    ]],
  ], interpretations: [
    "Há 45 losangos, um para cada par de números diferentes de 1 a 10.",
    "O número laranja é o menor quando os dois números diferem de uma quantidade ímpar, e o maior quando diferem de uma quantidade par; o outro número é azul.",
    "Se vários jogadores chegarem à meta na mesma mão, ganha o total mais alto; em caso de empate, ganha quem fez mais pontos nessa última mão, descontados 10 pontos por cada losango que ficou na mão; se o empate continuar, partilham a vitória.",
  ]},
};
