// As regras dos cinco jogos em português do Brasil, segundo as regras originais e docs/RULES.md. A whole file, unlike
// i18n/pt-BR.js: a rules page is a list of paragraphs by position, and each game's says "you" (tu in rules/pt.js) in
// nearly every section; a test holds its shape to rules/pt.js.
export default {
  addup: {sections: [
    ["Objetivo", ["Ganhar o máximo de cartas: fazer as duas filas da mesa somarem o mesmo."]],
    ["As cartas", ["48 cartas: cartas de 1 a 9 (quatro de cada), seis curingas brancos que valem de 0 a 5 e seis curingas amarelos que valem 10 ou mais."]],
    ["Preparação", ["Cada jogador recebe 3 cartas. Duas cartas de “início de fila” são viradas: uma começa a fila de cima e a outra, a de baixo. O resto do baralho fica virado para baixo. Começa o primeiro jogador da lista."]],
    ["A sua vez", [
      "Jogue uma carta da sua mão na fila de cima ou na de baixo. Você escolhe o valor de um curinga quando joga, e ele não muda mais.",
      "Se as duas filas tiverem cartas e a mesma soma, você ganha todas as cartas da mesa.",
      "Depois compre uma carta, para voltar a ter 3 enquanto houver baralho. Se você ganhou cartas, duas novas cartas de início de fila são viradas. Se as duas novas cartas de início de fila saírem iguais, ninguém ganha nada com isso.",
    ]],
    ["Fim do jogo", ["Quando o baralho acaba, as cartas que sobraram na mão são jogadas. Quando todas as mãos estão vazias, ganha quem ganhou mais cartas; em caso de empate, a vitória é compartilhada."]],
  ], interpretations: [
    "O baralho tem 48 cartas: 36 cartas numeradas (de 1 a 9, quatro de cada), 6 curingas brancos que valem de 0 a 5 e 6 curingas amarelos que valem 10 ou mais (no máximo 999).",
    "Um curinga virado como carta de início de fila vai para baixo do baralho e a carta seguinte é virada; se só sobrarem curingas, a fila começa vazia.",
    "Uma fila vazia nunca conta como igual à outra: um 0 jogado em uma mesa vazia não ganha nada.",
    "As cartas que ficam na mesa no fim não são de ninguém.",
  ]},
  addit: {sections: [
    ["Objetivo", ["Recolher mais cartas do que os outros jogadores."]],
    ["As cartas", ["60 cartas em seis naipes de esportes (futebol, basquete, tênis, beisebol, futebol americano, hóquei), numeradas de 1 a 10. Só os números contam."]],
    ["Preparação", ["Cada jogador recebe 6 cartas, uma por vez. Doze cartas ficam viradas para cima na mesa; o resto é o monte. Começa o primeiro jogador da lista; no jogo longo, cada nova distribuição começa pelo jogador seguinte."]],
    ["A sua vez", [
      "Jogue uma carta da sua mão. Você pode recolher um grupo de cartas da mesa cujos números somem o número da sua carta (uma só carta do mesmo número também é um grupo). Só um grupo por vez.",
      "Exemplo: com 2, 3, 3, 4, 4, 5, 6, 8, 8 na mesa, um 8 pode levar um 8, ou 2 + 3 + 3, ou 2 + 6, ou 3 + 5, ou 4 + 4. Com 2 + 3 + 3 você recolhe mais cartas.",
      "Recolher nunca é obrigatório: você sempre pode colocar a carta na mesa. As cartas recolhidas e a sua carta vão para a sua pilha.",
      "Quando todas as mãos estão vazias, mãos novas são distribuídas do monte.",
    ]],
    ["Fim de uma distribuição", ["Quando o monte e todas as mãos estão vazios, o último jogador que recolheu fica com as cartas que sobraram na mesa (se ninguém recolheu, elas não contam para ninguém). Cada carta recolhida vale um ponto."]],
    ["Jogo curto ou longo", ["Curto: uma só distribuição de todo o baralho; ganha quem tiver mais cartas. Longo: as distribuições continuam até alguém ter 201 pontos ou mais no fim de uma; ganha o total mais alto."]],
  ], interpretations: [
    "Se o monte tiver menos de 6 cartas por jogador, ele é dividido em partes iguais (com 3 jogadores: 4 cartas para cada um na última distribuição); as que sobram vão viradas para cima para a mesa.",
  ]},
  plusminus: {sections: [
    ["Objetivo", ["Levar os seus quatro peões para casa, no 25, movendo-os com o total de duas cartas."]],
    ["As cartas e os tabuleiros", [
      "As cartas Mais pretas somam e as cartas Menos vermelhas subtraem. Cada jogador tem um tabuleiro com as casas de 1 a 25 e quatro peões, que saem das estrelas.",
      "As mãos ficam escondidas; do monte jogado, só a carta de cima aparece na mesa (o Histórico mostra cada carta como foi jogada, virada para cima). Todos os tabuleiros estão à vista.",
    ]],
    ["Preparação", ["Cada jogador recebe 11 cartas. Com 5 a 8 jogadores, dois baralhos são embaralhados juntos; as cartas não distribuídas ficam de lado sem ninguém ver. Começa o jogador depois de quem deu as cartas; a cada partida, quem dá as cartas é o jogador seguinte."]],
    ["A sua vez", [
      "Jogue uma carta. O total é a sua carta mais a carta de cima (a que o jogador anterior jogou). A primeira carta de uma partida precisa ser uma carta Mais e conta sozinha.",
      "Mova um dos seus peões tantas casas quanto o total: para a frente se for positivo (um peão nas estrelas entra nessa casa), para trás se for negativo (um peão que chegar a 0 ou menos volta para as estrelas). Um total de 0 não move ninguém. Os peões nas estrelas nunca voltam para trás.",
      "Cair exatamente no 25 leva o peão para casa, onde ele fica. Passar do 25 é estourar: o peão volta para as estrelas. Um peão nas estrelas só pode estourar (e fica lá) se você não tiver nenhum peão nas casas 1 a 24. Dois peões seus não podem ficar na mesma casa (a não ser nas estrelas e em casa).",
      "Você escolhe o peão, até para estourar de propósito. Quem pode mover um peão precisa mover um. Se nenhum peão puder se mover, a carta é jogada e nada se move.",
      "Exemplos: em cima Mais 5, você joga Menos 7: volta 2. Em cima Mais 5, você joga Menos 3: anda 2. Em cima Menos 3, você joga Mais 3: não se move. Em cima Menos 2, você joga Menos 9: volta 11. Peões em 25, 25, 17 e nas estrelas, em cima Mais 15, você joga Mais 11 (26): o peão no 17 precisa estourar.",
    ]],
    ["Fim e pontuação", [
      "Uma partida acaba assim que um jogador leva o quarto peão para casa, ou quando a última carta é jogada.",
      "Cada peão em casa vale 50, cada peão nas estrelas −20 e cada um dos outros, o número da casa em que está. Joga-se 1 partida ou uma série de 5; ganha o total mais alto.",
    ]],
  ], interpretations: [
    "O baralho tem 44 cartas: 39 cartas Mais pretas (de Mais 3 a Mais 15, três de cada) e 5 cartas Menos vermelhas (Menos 2, 3, 5, 7 e 9).",
  ]},
  addem: {sections: [
    ["Objetivo", ["Ser o primeiro a ficar sem cartas e gritar ADD-EM. Os pontos contam contra você: com 50, você sai do jogo."]],
    ["As cartas", [
      "52 cartas: cartas Algarismo pretas de 0 a 8 (três de cada), cartas Menos pretas de −1 a −5 (duas de cada), cartas Total vermelhas de 0 a 12 e duas cartas Add-Em.",
      "A carta Add-Em ímpar vale 1, 3, 5, 7, −1, −3 ou −5; a par, 2, 4, 6, 8, −2 ou −4. Elas nunca valem 0 nem servem de carta Total. Com 5 a 8 jogadores, são usados dois baralhos.",
    ]],
    ["Preparação", ["Cada jogador recebe 6 cartas; o resto é o monte, virado para baixo. Começa o jogador depois de quem deu as cartas."]],
    ["Uma soma", ["Uma soma são 3 cartas ou mais com exatamente uma carta Total vermelha; as outras cartas somam o número da carta Total. Uma soma terminada vai para baixo do monte."]],
    ["A sua vez", [
      "Se nada estiver exposto: baixe uma soma feita com a sua mão, ou exponha virada para cima uma carta Algarismo ou Menos, ou compre uma carta do monte.",
      "Se houver cartas expostas: complete uma soma com todas as cartas expostas e cartas da sua mão (a carta Total vem da sua mão), ou pegue as cartas expostas e coloque no lugar delas duas ou mais cartas Algarismo ou Menos (não as que você acabou de pegar) com o mesmo total, ou compre uma carta.",
      "Um jogador que só tem cartas Total e Add-Em precisa comprar uma carta.",
    ]],
    ["Ficar sem cartas", ["Quando a sua mão fica vazia, você grita ADD-EM e a rodada acaba. Logo depois de uma soma, uma mão com só uma carta Total, ou só cartas Add-Em, é descartada e você fica sem cartas. Uma única carta Algarismo ou Menos que sobrar precisa esperar a sua próxima vez; se então nada estiver exposto, expor essa carta esvazia a sua mão."]],
    ["Contagem", [
      "Os outros jogadores contam a mão deles: cartas Algarismo e Menos valem 1 cada, cartas Total 3 cada, cartas Add-Em 10 cada. Com 50 ou mais, o jogador sai; o jogo acaba quando sobra no máximo um jogador abaixo de 50. Ganha a pontuação mais baixa.",
      "Com a opção de penalidades, uma soma bem formada mas errada custa 5 pontos e as cartas voltam para a mão; sem ela, a soma é recusada e a conta aparece.",
    ]],
  ], interpretations: [
    "Várias cartas expostas contam juntas como um só valor: uma soma precisa usar todas elas, e uma substituição leva todas e coloca duas ou mais cartas com o mesmo total.",
    "Um jogador que só tem cartas Total e Add-Em precisa comprar uma carta, mesmo no caso raro de poder fazer uma soma.",
    "Quando o monte está vazio, passa-se a vez em vez de comprar; se todos os jogadores ainda no jogo passarem seguidos, a rodada acaba bloqueada: ninguém grita ADD-EM e todos contam a sua mão.",
    "Ficar sem cartas depois de uma soma é automático: uma carta Total sozinha, ou só cartas Add-Em, são descartadas na hora.",
    "Os pontos de penalidade contam na hora, mas um jogador só sai na contagem da rodada.",
    "Com dois baralhos, uma mão só de cartas Add-Em (quantas forem) pode ser descartada depois de uma soma.",
    "As voltas de substituições acabam: quando todos os jogadores ainda no jogo substituíram, um depois do outro, sem outra jogada no meio, o próximo não pode substituir (só fazer uma soma ou comprar uma carta); com o monte vazio, ninguém pode substituir. Os jogos começados antes desta regra continuam sem ela.",
  ]},
  addtoo: {sections: [
    ["Objetivo", ["Colocar todos os seus losangos o mais rápido possível, em combinações iguais ou que pontuam; os losangos que ficam na mão custam pontos."]],
    ["Os losangos", ["45 losangos, cada um dividido em uma metade laranja e uma metade azul, cada uma com um número de 1 a 10. Cada metade mostra o seu número nos seus dois lados de fora."]],
    ["Preparação", ["Cada jogador pega 5 losangos e deixa todos virados para cima: todo mundo vê todas as mãos. Começa quem tiver o losango mais baixo (pelo total), com o losango que quiser. Em caso de empate, decide o próximo losango mais baixo, e depois quem estiver primeiro na lista de jogadores."]],
    ["A sua vez", [
      "Coloque um losango junto ao último losango jogado. Os lados que se tocam precisam ser da mesma cor, e os números precisam ser iguais ou somar um múltiplo de 5 (5, 10, 15, 20).",
      "Uma jogada com números iguais não pontua; uma jogada que pontua vale a soma dos dois números (5 contra 10 vale 15; 5 contra 5 é igual e vale 10). Os outros lados que se tocam e pontuam também contam.",
      "Jogada bônus: um losango também pode ir para uma casa livre que não fique junto ao último losango jogado, se ali tocar 2, 3 ou 4 losangos, com cada lado tocado igual ou pontuando. Ela vale as suas combinações mais 5 por lado tocado. Uma jogada junto ao último losango jogado nunca é uma jogada bônus.",
      "Quem pode colocar precisa colocar. Quem não pode, compra losangos, um por vez, enquanto tiver menos de 5 e houver losangos no monte, e coloca assim que puder; se mesmo assim não puder, passa.",
    ]],
    ["Fim e pontuação", [
      "Uma mão acaba quando um jogador colocou todos os seus losangos, quando o último losango está fechado nos quatro lados, ou quando todos os jogadores passaram seguidos. Cada losango que fica na mão custa 10 pontos. As pontuações só contam no fim de uma mão.",
      "As mãos continuam até o total de um jogador chegar à meta (200, se não for escolhida outra); então vence o maior total.",
    ]],
  ], interpretations: [
    "Há 45 losangos, um para cada par de números diferentes de 1 a 10.",
    "O número laranja é o menor quando a diferença entre os dois números é ímpar, e o maior quando a diferença é par; o outro número é azul.",
    "Se vários jogadores chegarem à meta na mesma mão, ganha o total mais alto; em caso de empate, ganha quem fez mais pontos nessa última mão, descontados 10 pontos por losango que ficou na mão; se o empate continuar, a vitória é compartilhada.",
  ]},
};
