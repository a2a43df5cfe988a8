import type { StoreSettings } from "./settings-schema";

/** The first line of each default text, there until the owner rewrites the page as their own. */
const REVIEW_NOTE =
  "> **Texto modelo da loja.** Revise e adapte este texto em Configurações da loja › Políticas antes de começar a vender; ele não substitui a orientação de um advogado.";

/**
 * The policy pages of a new store, in Markdown: the legal minimum (CDC, Decreto 7.962/2013, LGPD)
 * and the store's own, more generous terms (the spec's 30-day free return and 12-month warranty).
 * The seller's identity, the SAC and the data protection officer are not written here: the pages
 * show them below the text from the legal settings, so they stay right when the owner changes them.
 */
export const DEFAULT_POLICIES: StoreSettings["policies"] = {
  returns: `${REVIEW_NOTE}

## Direito de arrependimento (7 dias)

Como toda compra feita fora da loja física, a compra nesta loja pode ser desfeita em até **7 dias corridos a contar do recebimento do produto**, sem que você precise dizer o motivo (Código de Defesa do Consumidor, art. 49).

- Devolvemos **todo o valor pago, frete incluído**, pelo **mesmo meio de pagamento** usado na compra (Decreto 7.962/2013, art. 5º): no PIX, por devolução para a conta de origem.
- O frete da devolução é por nossa conta.
- O produto deve voltar com seus acessórios e, se possível, na embalagem original.

## Devolução grátis em até 30 dias

Além do prazo legal, a loja aceita a devolução de qualquer produto em até **30 dias** a contar do recebimento, também sem custo de frete, com o reembolso integral do valor pago. Basta que o produto esteja sem sinais de uso indevido e com seus acessórios.

## Garantia de 12 meses

Todos os produtos têm **garantia de 12 meses** a contar do recebimento, que inclui a garantia legal de 90 dias para produtos duráveis (CDC, art. 26). Se o produto apresentar defeito, nós o consertamos em até 30 dias; se o conserto não for feito nesse prazo, você escolhe entre a troca por um produto igual, a devolução do valor pago ou o abatimento proporcional do preço (CDC, art. 18).

A garantia não cobre danos causados por mau uso, quedas, contato com líquidos ou reparos feitos por terceiros não autorizados.

## Como pedir a troca, a devolução ou a garantia

1. Acesse [Minha Conta › Meus Pedidos](/account/orders) e anote o número do pedido, ou tenha em mãos o e-mail de confirmação.
2. Fale com o nosso atendimento (SAC) pelos contatos ao final desta página, informando o número do pedido e o motivo, se quiser.
3. Enviamos as instruções e a autorização de postagem sem custo. Recebido o produto, o reembolso é feito em até 7 dias úteis.
`,
  privacy: `${REVIEW_NOTE}

Esta política explica quais dados pessoais a loja trata, para quê e quais são os seus direitos, conforme a Lei Geral de Proteção de Dados Pessoais (Lei 13.709/2018, LGPD). A loja, identificada no rodapé do site, é a controladora desses dados.

## Dados que coletamos

- **Cadastro:** nome ou razão social, CPF ou CNPJ, e-mail, telefone e senha (guardada apenas de forma cifrada).
- **Endereços de entrega** que você cadastra.
- **Pedidos:** produtos, valores, forma de pagamento, situação do pagamento e da entrega.
- **Avaliações** que você escreve dos produtos comprados: nota, título e texto, publicados com o seu primeiro nome e a sua cidade.
- **Navegação:** endereço IP, data e hora de acesso e dados técnicos do navegador, registrados nos acessos ao site.

## Para que usamos e com qual base legal

- Criar e manter a sua conta, processar pedidos, pagamentos e entregas, e prestar atendimento: **execução do contrato** (LGPD, art. 7º, V).
- Emitir nota fiscal e guardar os registros fiscais e de acesso exigidos por lei: **cumprimento de obrigação legal** (art. 7º, II).
- Prevenir fraudes e proteger a sua conta (por exemplo, a verificação em duas etapas): **legítimo interesse** (art. 7º, IX) e **prevenção à fraude** (art. 11, II, g).
- Exercer direitos em processos judiciais ou administrativos: **exercício regular de direitos** (art. 7º, VI).
- Lembrar por e-mail um pedido ainda não pago (PIX ou boleto) e um carrinho deixado com produtos, e pedir a sua avaliação dos produtos que você comprou: **legítimo interesse** (art. 7º, IX), só a clientes da loja. Cada um desses e-mails traz um link para descadastrar com um clique, e você também escolhe em [Minha Conta › Configurações](/account/settings) ("E-mails da loja"). Os e-mails dos seus pedidos (confirmação, pagamento, envio) fazem parte da compra e chegam sempre.

Não vendemos seus dados e não os usamos para publicidade de terceiros.

## Com quem compartilhamos

- **Instituição de pagamento** que processa o PIX (e, quando usado, o cartão ou boleto): nome, CPF ou CNPJ, e-mail e valor do pedido.
- **Transportadoras e Correios:** nome, telefone e endereço de entrega.
- **Autoridades públicas**, quando a lei ou uma ordem judicial exigir.

Esses parceiros só podem usar os dados para a finalidade para a qual foram compartilhados.

## Por quanto tempo guardamos

- Dados da conta: enquanto a conta existir.
- Pedidos e documentos fiscais: pelo prazo da legislação fiscal (5 anos), mesmo após a exclusão da conta.
- Registros de acesso ao site: 6 meses (Marco Civil da Internet, art. 15).

## Seus direitos (LGPD, art. 18)

Você pode, a qualquer momento: confirmar se tratamos seus dados e acessá-los; corrigir dados incompletos ou desatualizados; pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários; pedir a portabilidade; saber com quem compartilhamos seus dados; e revogar um consentimento.

Em [Minha Conta › Configurações](/account/settings) você mesmo **baixa uma cópia dos seus dados** (botão "Baixar meus dados") e **exclui a sua conta** (botão "Excluir conta"). Para os demais pedidos, fale com o encarregado de dados pelos contatos ao final desta página. Você também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).

## Cookies

Usamos apenas os cookies necessários para o site funcionar: o da **sessão**, que mantém você conectado à sua conta, e o do **carrinho**, que guarda os produtos escolhidos. Não usamos cookies de publicidade nem de rastreamento de terceiros.

## Segurança

As conexões são cifradas, as senhas são guardadas apenas de forma cifrada e o acesso aos dados é restrito a quem precisa deles para atender você.
`,
  terms: `${REVIEW_NOTE}

Estes termos valem para as compras feitas neste site. Ao fazer um pedido, você declara que os leu e concorda com eles.

## Quem vende

As vendas são feitas pela empresa identificada no rodapé do site (razão social, CNPJ e endereço), que também atende pelo SAC indicado lá.

## Preços e pagamento

- Os preços estão em reais (R$) e já incluem os impostos.
- O preço, a disponibilidade em estoque e o frete valem no momento da **confirmação do pedido**: uma mudança posterior não afeta um pedido já confirmado.
- O pagamento é feito por **PIX**. O pedido é confirmado quando o pagamento é aprovado; um PIX não pago no prazo indicado cancela o pedido e libera o estoque reservado.

## Entrega

O frete é grátis para todo o Brasil. O prazo de entrega é informado na página do produto e antes da confirmação do pedido, e conta a partir da aprovação do pagamento. Você acompanha o pedido em [Minha Conta › Rastrear Pedido](/account/track).

## Arrependimento, trocas e garantia

O direito de arrependimento em 7 dias, a devolução grátis em 30 dias e a garantia de 12 meses seguem a página [Trocas e devoluções](/policies/returns).

## Sua conta

Você é responsável pela guarda da sua senha e pelas informações que cadastra, que devem ser verdadeiras. O tratamento dos seus dados pessoais segue a [Política de privacidade](/policies/privacy).

## Foro

Estes termos seguem as leis brasileiras, em especial o Código de Defesa do Consumidor. Eventuais disputas podem ser levadas ao foro do **domicílio do consumidor**.
`,
};
