/**
 * The demo catalogue loaded into an empty store on first start (see seed-demo.server.ts). Pure
 * data: brands are invented, prices are plausible Brazilian retail prices in centavos, and every
 * product's pictures are drawn at seed time by product-art.server.ts from `device` and `color`.
 */
import type { ProductOption, ProductSpec } from "../../domain/catalog/variants";

export type DeviceKind =
  | "phone"
  | "tablet"
  | "watch"
  | "laptop"
  | "monitor"
  | "headphones"
  | "earbuds"
  | "speaker"
  | "soundbar"
  | "keyboard"
  | "mouse"
  | "webcam"
  | "controller"
  | "charger"
  | "cable"
  | "powerbank"
  | "ssd"
  | "router";

/** One variant a demo product sells: one value of each of its options. */
export interface DemoVariant {
  sku: string;
  optionValues: string[];
  /** Integer centavos. */
  priceCents: number;
  /** The "de" price of a promotion, above `priceCents`. */
  compareAtCents?: number;
  stock: number;
}

export interface DemoProduct {
  /** Unique, kebab-case ASCII; used for the image file names. */
  slug: string;
  name: string;
  description: string;
  /**
   * Integer centavos (189990 = R$ 1.899,90): the price of a product sold as one default variant;
   * with `variants`, the lowest of theirs.
   */
  priceCents: number;
  category: string;
  brand: string;
  /** The stock of a product sold as one default variant; with `variants`, the sum of theirs. */
  stock: number;
  /** Its options (Cor, Armazenamento, Voltagem) and a variant per combination sold. */
  options?: ProductOption[];
  variants?: DemoVariant[];
  /** The 'Ficha técnica'. */
  specs?: ProductSpec[];
  device: DeviceKind;
  /** Main colour of the device, "#rrggbb". */
  color: string;
  /** 0 (main image only), or 3 or 4: the number of gallery images, main image included. */
  galleryViews: number;
}

export const DEMO_CATALOG: readonly DemoProduct[] = [
  // --- Smartphones -------------------------------------------------------------------------
  {
    slug: "smartphone-nova-x5-128gb",
    name: "Smartphone Nova X5 128 GB",
    description:
      "Tela AMOLED de 6,6 polegadas com taxa de atualização de 120 Hz e brilho para uso ao ar livre. Câmera principal de 50 MP com estabilização óptica e bateria de 5.000 mAh que aguenta o dia inteiro. Conectividade 5G e carregamento rápido de 33 W.",
    priceCents: 189990,
    category: "Smartphones",
    brand: "Nova",
    stock: 42,
    specs: [
      { name: "Tela", value: '6,6" AMOLED, 120 Hz' },
      { name: "Processador", value: "Octa-core 2,4 GHz" },
      { name: "Memória RAM", value: "8 GB" },
      { name: "Armazenamento", value: "128 GB" },
      { name: "Câmera traseira", value: "50 MP com estabilização óptica" },
      { name: "Bateria", value: "5.000 mAh, carregamento de 33 W" },
    ],
    device: "phone",
    color: "#2f5fd0",
    galleryViews: 4,
  },
  {
    slug: "smartphone-nova-x5-pro-256gb",
    name: "Smartphone Nova X5 Pro",
    description:
      "A versão Pro do Nova X5 traz processador octa-core de última geração, 12 GB de RAM e 256 GB ou 512 GB de armazenamento, em grafite, prata ou verde. O conjunto de câmeras triplo com teleobjetiva de 3x garante fotos nítidas mesmo à noite. Estrutura em alumínio e vidro fosco com certificação IP68.",
    priceCents: 269990,
    category: "Smartphones",
    brand: "Nova",
    stock: 24,
    options: [
      { name: "Cor", values: ["Grafite", "Prata", "Verde"] },
      { name: "Armazenamento", values: ["256 GB", "512 GB"] },
    ],
    variants: [
      { sku: "NOVA-X5PRO-GRF-256", optionValues: ["Grafite", "256 GB"], priceCents: 289990, stock: 10 },
      { sku: "NOVA-X5PRO-GRF-512", optionValues: ["Grafite", "512 GB"], priceCents: 329990, stock: 4 },
      { sku: "NOVA-X5PRO-PRT-256", optionValues: ["Prata", "256 GB"], priceCents: 289990, stock: 6 },
      { sku: "NOVA-X5PRO-PRT-512", optionValues: ["Prata", "512 GB"], priceCents: 329990, stock: 0 },
      {
        sku: "NOVA-X5PRO-VRD-256",
        optionValues: ["Verde", "256 GB"],
        priceCents: 269990,
        compareAtCents: 289990,
        stock: 3,
      },
      { sku: "NOVA-X5PRO-VRD-512", optionValues: ["Verde", "512 GB"], priceCents: 329990, stock: 1 },
    ],
    specs: [
      { name: "Tela", value: '6,6" AMOLED, 120 Hz' },
      { name: "Processador", value: "Octa-core 3,2 GHz" },
      { name: "Memória RAM", value: "12 GB" },
      { name: "Armazenamento", value: "256 GB ou 512 GB" },
      { name: "Câmera traseira", value: "50 MP + 12 MP + 10 MP (teleobjetiva 3x)" },
      { name: "Bateria", value: "5.000 mAh, carregamento de 45 W" },
      { name: "Resistência", value: "IP68" },
    ],
    device: "phone",
    color: "#3f4a5c",
    galleryViews: 4,
  },
  {
    slug: "smartphone-quasar-ultra-512gb",
    name: "Smartphone Quasar Ultra 512 GB",
    description:
      "O topo de linha da Quasar com tela LTPO de 6,8 polegadas e moldura em titânio. Câmera de 200 MP, zoom óptico de 5x e gravação em 8K para quem leva a fotografia a sério. Carregamento de 65 W com fio e 50 W sem fio.",
    priceCents: 749990,
    category: "Smartphones",
    brand: "Quasar",
    stock: 3,
    device: "phone",
    color: "#b8ac98",
    galleryViews: 4,
  },
  {
    slug: "smartphone-lume-a15-64gb",
    name: "Smartphone Lume A15 64 GB",
    description:
      "Um celular simples e confiável para o dia a dia, com tela de 6,5 polegadas e bateria de 5.000 mAh. Câmera dupla de 13 MP, leitor de digitais na lateral e entrada para dois chips. Ideal como primeiro smartphone.",
    priceCents: 99990,
    category: "Smartphones",
    brand: "Lume",
    stock: 75,
    device: "phone",
    color: "#1d8a74",
    galleryViews: 0,
  },
  {
    slug: "smartphone-lume-a25-128gb",
    name: "Smartphone Lume A25 128 GB",
    description:
      "Tela de 6,7 polegadas com 90 Hz, 6 GB de RAM e 128 GB de espaço para fotos e aplicativos. A câmera de 50 MP com modo noturno captura boas imagens em qualquer ambiente. Carregamento de 25 W incluso na caixa.",
    priceCents: 129990,
    category: "Smartphones",
    brand: "Lume",
    stock: 54,
    device: "phone",
    color: "#c9a3e6",
    galleryViews: 3,
  },
  {
    slug: "smartphone-atlas-rugged-128gb",
    name: "Smartphone Atlas Rugged 128 GB",
    description:
      "Feito para obra, trilha e trabalho pesado: resiste a quedas de 1,5 m, poeira e imersão em água. Bateria de 8.000 mAh, botão programável e tela legível com luvas. Certificação militar MIL-STD-810H.",
    priceCents: 169990,
    category: "Smartphones",
    brand: "Atlas",
    stock: 12,
    device: "phone",
    color: "#e07a1f",
    galleryViews: 0,
  },
  {
    slug: "smartphone-vertice-5g-256gb",
    name: "Smartphone Vértice 5G 256 GB",
    description:
      "Design fino de 7,4 mm com acabamento fosco que não marca digitais. Tela OLED de 6,4 polegadas, 8 GB de RAM e 256 GB de armazenamento. Som estéreo e NFC para pagamentos por aproximação.",
    priceCents: 239990,
    category: "Smartphones",
    brand: "Vértice",
    stock: 0,
    device: "phone",
    color: "#8fb9a8",
    galleryViews: 0,
  },
  {
    slug: "smartphone-pulse-lite-128gb",
    name: "Smartphone Pulse Lite 128 GB",
    description:
      "Leve e compacto, com tela de 6,1 polegadas que cabe bem em uma mão. Processador eficiente, 4 GB de RAM e câmera de 48 MP. Disponível na cor rosa com acabamento acetinado.",
    priceCents: 109990,
    category: "Smartphones",
    brand: "Pulse",
    stock: 31,
    device: "phone",
    color: "#e98aa8",
    galleryViews: 0,
  },
  {
    slug: "smartphone-zenite-pro-max-1tb",
    name: "Smartphone Zênite Pro Max 1 TB",
    description:
      "Armazenamento de 1 TB, 16 GB de RAM e o chip mais rápido da linha Zênite. Tela de 6,9 polegadas com brilho de até 3.000 nits e moldura em titânio escovado. Quatro câmeras traseiras com gravação em vídeo profissional.",
    priceCents: 999990,
    category: "Smartphones",
    brand: "Zênite",
    stock: 2,
    device: "phone",
    color: "#1c1f26",
    galleryViews: 4,
  },

  // --- Notebooks -----------------------------------------------------------------------------
  {
    slug: "notebook-ultrafino-aero-14-i5-16gb",
    name: "Notebook Ultrafino Aero 14 Core i5 16 GB",
    description:
      "Carcaça de alumínio com apenas 1,2 kg e tela IPS de 14 polegadas com resolução 2,2K. Processador Intel Core i5 de 13ª geração, 16 GB de RAM e SSD de 512 GB. Bateria para até 12 horas de uso e teclado retroiluminado ABNT2.",
    priceCents: 449990,
    category: "Notebooks",
    brand: "Aero",
    stock: 14,
    device: "laptop",
    color: "#b9c0c9",
    galleryViews: 4,
  },
  {
    slug: "notebook-aero-16-i7-32gb-1tb",
    name: "Notebook Aero 16 Core i7 32 GB SSD 1 TB",
    description:
      "Tela de 16 polegadas com 100% do espaço de cor sRGB, ideal para edição de fotos e vídeos. Core i7, 32 GB de RAM e SSD NVMe de 1 TB para abrir projetos pesados sem esperar. Webcam Full HD e portas Thunderbolt 4.",
    priceCents: 729990,
    category: "Notebooks",
    brand: "Aero",
    stock: 6,
    device: "laptop",
    color: "#4a5160",
    galleryViews: 3,
  },
  {
    slug: "notebook-gamer-quasar-15-rtx-5060",
    name: "Notebook Gamer Quasar 15 RTX 5060",
    description:
      "Placa de vídeo GeForce RTX 5060, Ryzen 7 e tela de 15,6 polegadas a 165 Hz para jogar com fluidez. Sistema de refrigeração com duas ventoinhas e teclado RGB por zonas. Vem com 16 GB de RAM expansíveis até 64 GB.",
    priceCents: 899990,
    category: "Notebooks",
    brand: "Quasar",
    stock: 4,
    device: "laptop",
    color: "#23272f",
    galleryViews: 4,
  },
  {
    slug: "notebook-lume-15-ryzen-5-8gb",
    name: "Notebook Lume 15 Ryzen 5 8 GB",
    description:
      "Notebook completo para estudos e trabalho, com tela de 15,6 polegadas Full HD antirreflexo. Processador Ryzen 5, 8 GB de RAM e SSD de 256 GB. Teclado numérico e leitor de impressão digital.",
    priceCents: 279990,
    category: "Notebooks",
    brand: "Lume",
    stock: 38,
    specs: [
      { name: "Tela", value: '15,6" Full HD antirreflexo' },
      { name: "Processador", value: "AMD Ryzen 5 7520U" },
      { name: "Memória RAM", value: "8 GB" },
      { name: "Armazenamento", value: "SSD de 256 GB" },
      { name: "Bateria", value: "Até 8 horas" },
    ],
    device: "laptop",
    color: "#8d96a3",
    galleryViews: 0,
  },
  {
    slug: "ultrabook-zenite-13-oled-ultra-7",
    name: "Ultrabook Zênite 13 OLED Core Ultra 7",
    description:
      "Tela OLED de 13,3 polegadas com cores vivas e pretos perfeitos em um corpo de apenas 990 g. Intel Core Ultra 7 com aceleração de IA, 32 GB de RAM e SSD de 1 TB. Acabamento em azul-marinho anodizado.",
    priceCents: 849990,
    category: "Notebooks",
    brand: "Zênite",
    stock: 0,
    device: "laptop",
    color: "#24365c",
    galleryViews: 3,
  },
  {
    slug: "notebook-atlas-pro-14-ryzen-7-16gb",
    name: "Notebook Atlas Pro 14 Ryzen 7",
    description:
      "Equilíbrio entre desempenho e mobilidade: Ryzen 7, 16 GB ou 32 GB de RAM e SSD de 512 GB. Tela de 14 polegadas com 2,8K e 120 Hz. Chassi reforçado testado contra quedas e respingos no teclado.",
    priceCents: 529990,
    category: "Notebooks",
    brand: "Atlas",
    stock: 12,
    options: [{ name: "Memória RAM", values: ["16 GB", "32 GB"] }],
    variants: [
      { sku: "ATLAS-PRO14-R7-16", optionValues: ["16 GB"], priceCents: 529990, stock: 9 },
      { sku: "ATLAS-PRO14-R7-32", optionValues: ["32 GB"], priceCents: 609990, stock: 3 },
    ],
    specs: [
      { name: "Tela", value: '14" IPS 2,8K, 120 Hz' },
      { name: "Processador", value: "AMD Ryzen 7 8840HS" },
      { name: "Memória RAM", value: "16 GB ou 32 GB DDR5" },
      { name: "Armazenamento", value: "SSD NVMe de 512 GB" },
      { name: "Bateria", value: "Até 11 horas" },
      { name: "Peso", value: "1,4 kg" },
    ],
    device: "laptop",
    color: "#5b6b5a",
    galleryViews: 0,
  },
  {
    slug: "chromebook-pulse-11-4gb",
    name: "Chromebook Pulse 11 4 GB",
    description:
      "Leve, resistente e com inicialização em segundos, pensado para a sala de aula. Tela de 11,6 polegadas, 4 GB de RAM e 64 GB de armazenamento. Bateria que dura um dia letivo inteiro.",
    priceCents: 149990,
    category: "Notebooks",
    brand: "Pulse",
    stock: 22,
    device: "laptop",
    color: "#e8e8ea",
    galleryViews: 0,
  },

  // --- Tablets -------------------------------------------------------------------------------
  {
    slug: "tablet-nova-tab-11-128gb",
    name: "Tablet Nova Tab 11 128 GB",
    description:
      "Tela de 11 polegadas com 2,5K e 90 Hz para séries, leitura e estudos. Quatro alto-falantes com som envolvente e bateria de 8.000 mAh. Compatível com caneta e teclado magnético (vendidos separadamente).",
    priceCents: 199990,
    category: "Tablets",
    brand: "Nova",
    stock: 27,
    device: "tablet",
    color: "#6d7686",
    galleryViews: 4,
  },
  {
    slug: "tablet-lume-kids-8-32gb",
    name: "Tablet Lume Kids 8 32 GB",
    description:
      "Tablet infantil de 8 polegadas com controle parental e conteúdo educativo pré-instalado. Vem com capa emborrachada que protege contra quedas. Bateria de longa duração e modo de leitura que reduz a luz azul.",
    priceCents: 69990,
    category: "Tablets",
    brand: "Lume",
    stock: 45,
    device: "tablet",
    color: "#2fa3d8",
    galleryViews: 0,
  },
  {
    slug: "tablet-zenite-pad-pro-13-256gb",
    name: "Tablet Zênite Pad Pro 13 256 GB",
    description:
      "Tela OLED de 13 polegadas com 144 Hz, perfeita para desenho e edição. Processador de alto desempenho, 12 GB de RAM e 256 GB de armazenamento. Porta USB-C 3.2 para monitores externos.",
    priceCents: 699990,
    category: "Tablets",
    brand: "Zênite",
    stock: 1,
    device: "tablet",
    color: "#cfd3d8",
    galleryViews: 3,
  },
  {
    slug: "tablet-aero-tab-10-64gb-wifi",
    name: "Tablet Aero Tab 10 64 GB Wi-Fi",
    description:
      "Tela de 10,1 polegadas Full HD e corpo de metal com apenas 7 mm de espessura. Ótimo para videochamadas, streaming e navegação. Expansível via cartão microSD de até 1 TB.",
    priceCents: 129990,
    category: "Tablets",
    brand: "Aero",
    stock: 19,
    device: "tablet",
    color: "#3d4451",
    galleryViews: 0,
  },

  // --- Smartwatches --------------------------------------------------------------------------
  {
    slug: "smartwatch-pulse-fit-3",
    name: "Smartwatch Pulse Fit 3",
    description:
      "Monitoramento de frequência cardíaca, oxigenação e sono com bateria de até 14 dias. Mais de 100 modos esportivos e resistência à água de 5 ATM. Receba notificações do celular direto no pulso.",
    priceCents: 49990,
    category: "Smartwatches",
    brand: "Pulse",
    stock: 63,
    device: "watch",
    color: "#1f2530",
    galleryViews: 3,
  },
  {
    slug: "smartwatch-nova-watch-6-gps",
    name: "Smartwatch Nova Watch 6 GPS",
    description:
      "GPS de dupla frequência para corridas e pedaladas com trajeto preciso. Tela AMOLED sempre ativa, pagamentos por aproximação e eletrocardiograma. Pulseira de silicone macio intercambiável.",
    priceCents: 149990,
    category: "Smartwatches",
    brand: "Nova",
    stock: 16,
    device: "watch",
    color: "#3b6fd4",
    galleryViews: 4,
  },
  {
    slug: "smartwatch-zenite-titan-lte",
    name: "Smartwatch Zênite Titan LTE",
    description:
      "Caixa de titânio, vidro de safira e conexão LTE para atender ligações sem o celular. Sensores de temperatura e de profundidade para mergulho recreativo. Bateria para até 3 dias.",
    priceCents: 349990,
    category: "Smartwatches",
    brand: "Zênite",
    stock: 2,
    device: "watch",
    color: "#e3651d",
    galleryViews: 0,
  },
  {
    slug: "smartwatch-lume-active",
    name: "Smartwatch Lume Active",
    description:
      "Leve e confortável para usar o dia todo, com tela de 1,8 polegada. Contador de passos, monitor de sono e lembretes para se movimentar. Compatível com Android e iOS.",
    priceCents: 29990,
    category: "Smartwatches",
    brand: "Lume",
    stock: 88,
    device: "watch",
    color: "#f2a7b8",
    galleryViews: 0,
  },

  // --- Áudio ---------------------------------------------------------------------------------
  {
    slug: "fone-bluetooth-pulse-anc-700",
    name: "Fone Bluetooth Pulse ANC 700",
    description:
      "Cancelamento de ruído ativo adaptativo que se ajusta ao ambiente em tempo real. Até 40 horas de bateria e carregamento rápido: 10 minutos rendem 5 horas de música. Almofadas de espuma viscoelástica para longas sessões.",
    priceCents: 119990,
    category: "Áudio",
    brand: "Pulse",
    stock: 21,
    device: "headphones",
    color: "#2a2e36",
    galleryViews: 4,
  },
  {
    slug: "headset-gamer-quasar-7-1-rgb",
    name: "Headset Gamer Quasar 7.1 RGB",
    description:
      "Som surround virtual 7.1 para ouvir cada passo do adversário. Microfone removível com redução de ruído e drivers de 50 mm. Compatível com PC, consoles e celulares.",
    priceCents: 39990,
    category: "Áudio",
    brand: "Quasar",
    stock: 34,
    device: "headphones",
    color: "#c0282d",
    galleryViews: 0,
  },
  {
    slug: "fone-over-ear-lume-studio",
    name: "Fone Over-ear Lume Studio",
    description:
      "Resposta de frequência equilibrada para mixagem e audição crítica. Conchas fechadas com excelente isolamento e cabo destacável de 3 m. Dobrável, acompanha estojo de transporte.",
    priceCents: 69990,
    category: "Áudio",
    brand: "Lume",
    stock: 11,
    device: "headphones",
    color: "#e9e4da",
    galleryViews: 3,
  },
  {
    slug: "fone-tws-nova-buds-2",
    name: "Fone TWS Nova Buds 2",
    description:
      "Fones sem fio com encaixe anatômico e graves reforçados. Até 30 horas de reprodução com o estojo de carregamento. Resistentes a suor e respingos, ideais para a academia.",
    priceCents: 29990,
    category: "Áudio",
    brand: "Nova",
    stock: 120,
    device: "earbuds",
    color: "#f3f4f6",
    galleryViews: 4,
  },
  {
    slug: "fone-tws-nova-buds-pro-anc",
    name: "Fone TWS Nova Buds Pro ANC",
    description:
      "Cancelamento de ruído de até 45 dB e modo ambiente para conversar sem tirar os fones. Áudio espacial, conexão multiponto e carregamento sem fio. Estojo compacto com até 36 horas de bateria.",
    priceCents: 89990,
    category: "Áudio",
    brand: "Nova",
    stock: 0,
    device: "earbuds",
    color: "#27303d",
    galleryViews: 0,
  },
  {
    slug: "fone-tws-lume-sport",
    name: "Fone TWS Lume Sport",
    description:
      "Ajuste firme com aletas de silicone que não saem do lugar durante a corrida. Certificação IPX5 e controles por toque. Bateria de 8 horas por carga.",
    priceCents: 19990,
    category: "Áudio",
    brand: "Lume",
    stock: 57,
    device: "earbuds",
    color: "#16a394",
    galleryViews: 0,
  },
  {
    slug: "caixa-de-som-bluetooth-orbita-go-20w",
    name: "Caixa de Som Bluetooth Órbita Go 20 W",
    description:
      "Portátil e à prova d'água, com alça para levar à praia ou ao parque. 20 W de potência e graves encorpados com radiadores passivos. Até 12 horas de bateria.",
    priceCents: 34990,
    category: "Áudio",
    brand: "Órbita",
    stock: 46,
    device: "speaker",
    color: "#2c74c9",
    galleryViews: 3,
  },
  {
    slug: "caixa-de-som-bluetooth-orbita-max-60w",
    name: "Caixa de Som Bluetooth Órbita Max 60 W",
    description:
      "Som potente de 60 W com dois tweeters e um woofer de 4 polegadas. Certificação IP67, função powerbank e conexão de várias caixas para festas. Bateria de até 20 horas.",
    priceCents: 99990,
    category: "Áudio",
    brand: "Órbita",
    stock: 8,
    device: "speaker",
    color: "#d9472b",
    galleryViews: 0,
  },
  {
    slug: "soundbar-atlas-2-1-300w",
    name: "Soundbar Atlas 2.1 300 W com Subwoofer",
    description:
      "Transforme a sala em cinema com 300 W de potência e subwoofer sem fio. Conexão HDMI eARC, Bluetooth e óptica. Modos de som para filmes, música e diálogos mais claros. Escolha a voltagem da sua tomada: 110 V ou 220 V.",
    priceCents: 149990,
    category: "Áudio",
    brand: "Atlas",
    stock: 13,
    options: [{ name: "Voltagem", values: ["110 V", "220 V"] }],
    variants: [
      {
        sku: "ATLAS-SB300-110",
        optionValues: ["110 V"],
        priceCents: 149990,
        compareAtCents: 179990,
        stock: 8,
      },
      {
        sku: "ATLAS-SB300-220",
        optionValues: ["220 V"],
        priceCents: 149990,
        compareAtCents: 179990,
        stock: 5,
      },
    ],
    specs: [
      { name: "Potência", value: "300 W RMS" },
      { name: "Canais", value: "2.1, subwoofer sem fio" },
      { name: "Conexões", value: "HDMI eARC, óptica, Bluetooth 5.3" },
      { name: "Voltagem", value: "110 V ou 220 V" },
    ],
    device: "soundbar",
    color: "#2b2f36",
    galleryViews: 3,
  },

  // --- Monitores -----------------------------------------------------------------------------
  {
    slug: "monitor-ips-vertice-24-full-hd-100hz",
    name: 'Monitor IPS Vértice 24" Full HD 100 Hz',
    description:
      "Painel IPS de 24 polegadas com cores fiéis e ângulos de visão amplos. Taxa de 100 Hz e bordas ultrafinas em três lados. Entradas HDMI e DisplayPort e suporte compatível com VESA.",
    priceCents: 79990,
    category: "Monitores",
    brand: "Vértice",
    stock: 33,
    device: "monitor",
    color: "#2a2d34",
    galleryViews: 3,
  },
  {
    slug: "monitor-gamer-quasar-27-qhd-180hz",
    name: 'Monitor Gamer Quasar 27" QHD 180 Hz',
    description:
      "Resolução QHD, 180 Hz e tempo de resposta de 1 ms para jogos competitivos. Compatível com G-Sync e FreeSync Premium. Base com ajuste de altura, inclinação e rotação.",
    priceCents: 189990,
    category: "Monitores",
    brand: "Quasar",
    stock: 10,
    device: "monitor",
    color: "#1b1d22",
    galleryViews: 4,
  },
  {
    slug: "monitor-ultrawide-aero-34-wqhd",
    name: 'Monitor Ultrawide Aero 34" WQHD',
    description:
      "Tela ultrawide de 34 polegadas em formato 21:9 para mais janelas lado a lado. Resolução 3440 x 1440 e HDR400. Porta USB-C com 90 W para carregar o notebook com um só cabo.",
    priceCents: 329990,
    category: "Monitores",
    brand: "Aero",
    stock: 3,
    device: "monitor",
    color: "#c5cad1",
    galleryViews: 0,
  },
  {
    slug: "monitor-4k-zenite-27-usb-c",
    name: 'Monitor 4K Zênite 27" USB-C',
    description:
      "Nitidez 4K em 27 polegadas, calibrado de fábrica com Delta E menor que 2. Hub USB integrado e conexão USB-C com 65 W. Perfeito para design, fotografia e produtividade.",
    priceCents: 279990,
    category: "Monitores",
    brand: "Zênite",
    stock: 7,
    device: "monitor",
    color: "#eef0f2",
    galleryViews: 0,
  },
  {
    slug: "monitor-lume-22-full-hd",
    name: 'Monitor Lume 22" Full HD',
    description:
      "Monitor de 21,5 polegadas com resolução Full HD para o escritório e o home office. Modo de luz azul reduzida e tecnologia sem cintilação. Entradas HDMI e VGA.",
    priceCents: 59990,
    category: "Monitores",
    brand: "Lume",
    stock: 52,
    device: "monitor",
    color: "#34373d",
    galleryViews: 0,
  },
  {
    slug: "monitor-gamer-quasar-25-280hz",
    name: 'Monitor Gamer Quasar 25" 280 Hz',
    description:
      "Painel Fast IPS de 24,5 polegadas com incríveis 280 Hz para e-sports. Tempo de resposta de 0,5 ms e modo de mira ajustável. Base compacta que libera espaço para o mouse.",
    priceCents: 149990,
    category: "Monitores",
    brand: "Quasar",
    stock: 0,
    device: "monitor",
    color: "#8e1f2a",
    galleryViews: 0,
  },

  // --- Periféricos ---------------------------------------------------------------------------
  {
    slug: "teclado-mecanico-quasar-tkl-red",
    name: "Teclado Mecânico Quasar TKL Switch Red",
    description:
      "Formato tenkeyless que libera espaço na mesa e switches lineares Red silenciosos. Iluminação RGB por tecla e teclas PBT com dupla injeção. Layout ABNT2 com cabo USB-C destacável.",
    priceCents: 34990,
    category: "Periféricos",
    brand: "Quasar",
    stock: 29,
    device: "keyboard",
    color: "#24272e",
    galleryViews: 4,
  },
  {
    slug: "teclado-sem-fio-lume-slim-abnt2",
    name: "Teclado Sem Fio Lume Slim ABNT2",
    description:
      "Teclas baixas e silenciosas para digitar o dia todo com conforto. Conecta até três dispositivos via Bluetooth e alterna com um toque. Pilhas com duração de até 24 meses.",
    priceCents: 17990,
    category: "Periféricos",
    brand: "Lume",
    stock: 64,
    device: "keyboard",
    color: "#e6e8eb",
    galleryViews: 0,
  },
  {
    slug: "teclado-mecanico-atlas-75-hot-swap",
    name: "Teclado Mecânico Atlas 75% Hot-swap",
    description:
      "Layout 75% com estrutura gasket e switches hot-swap: troque os switches sem soldar. Conexão tripla (cabo, 2,4 GHz e Bluetooth) e bateria de 4.000 mAh. Acabamento em verde-oliva com teclas creme.",
    priceCents: 59990,
    category: "Periféricos",
    brand: "Atlas",
    stock: 5,
    device: "keyboard",
    color: "#6b7a4f",
    galleryViews: 3,
  },
  {
    slug: "mouse-sem-fio-lume-silent",
    name: "Mouse Sem Fio Lume Silent",
    description:
      "Cliques silenciosos que não atrapalham quem está por perto. Sensor de 4.000 DPI, receptor USB nano e pilha com duração de até 18 meses. Formato ambidestro e compacto.",
    priceCents: 8990,
    category: "Periféricos",
    brand: "Lume",
    stock: 140,
    device: "mouse",
    color: "#5a6472",
    galleryViews: 0,
  },
  {
    slug: "mouse-gamer-quasar-26k-dpi",
    name: "Mouse Gamer Quasar 26K DPI",
    description:
      "Sensor óptico de 26.000 DPI e apenas 59 g para movimentos rápidos e precisos. Switches ópticos com 90 milhões de cliques e cabo ultraflexível. Cinco perfis salvos na memória interna.",
    priceCents: 29990,
    category: "Periféricos",
    brand: "Quasar",
    stock: 37,
    device: "mouse",
    color: "#1d2027",
    galleryViews: 4,
  },
  {
    slug: "mouse-sem-fio-aero-pro-multidispositivo",
    name: "Mouse Sem Fio Aero Pro Multidispositivo",
    description:
      "Formato ergonômico com apoio para o polegar e roda de rolagem eletromagnética. Alterna entre três computadores e funciona até sobre vidro. Recarregável via USB-C: 1 minuto de carga rende 3 horas.",
    priceCents: 44990,
    category: "Periféricos",
    brand: "Aero",
    stock: 15,
    device: "mouse",
    color: "#9aa3ae",
    galleryViews: 0,
  },
  {
    slug: "webcam-full-hd-vertice-1080p",
    name: "Webcam Full HD Vértice 1080p",
    description:
      "Vídeo em 1080p a 30 quadros por segundo com foco automático e correção de luz. Dois microfones com redução de ruído para reuniões mais claras. Clipe universal para monitor e tampa de privacidade.",
    priceCents: 24990,
    category: "Periféricos",
    brand: "Vértice",
    stock: 48,
    device: "webcam",
    color: "#2b2e35",
    galleryViews: 3,
  },
  {
    slug: "webcam-4k-zenite-stream",
    name: "Webcam 4K Zênite Stream",
    description:
      "Resolução 4K, HDR e campo de visão ajustável de 65° a 90° para transmissões ao vivo. Sensor grande que se sai bem em ambientes com pouca luz. Rosca para tripé e cabo USB-C de 2 m.",
    priceCents: 79990,
    category: "Periféricos",
    brand: "Zênite",
    stock: 6,
    device: "webcam",
    color: "#d6d9de",
    galleryViews: 0,
  },
  {
    slug: "controle-sem-fio-pulse-pro",
    name: "Controle Sem Fio Pulse Pro para PC e Console",
    description:
      "Analógicos com sensores de efeito Hall que não sofrem drift com o tempo. Gatilhos com trava, botões traseiros programáveis e vibração dupla. Conexão Bluetooth, 2,4 GHz ou cabo USB-C.",
    priceCents: 39990,
    category: "Periféricos",
    brand: "Pulse",
    stock: 25,
    device: "controller",
    color: "#f1f2f4",
    galleryViews: 4,
  },
  {
    slug: "controle-gamer-quasar-com-fio",
    name: "Controle Gamer Quasar com Fio",
    description:
      "Controle com fio de 3 m, sem atraso e sem necessidade de pilhas. Layout confortável com gatilhos analógicos e direcional preciso. Plug and play no PC e compatível com consoles.",
    priceCents: 17990,
    category: "Periféricos",
    brand: "Quasar",
    stock: 70,
    device: "controller",
    color: "#3a3f99",
    galleryViews: 0,
  },

  // --- Acessórios ----------------------------------------------------------------------------
  {
    slug: "carregador-usb-c-gan-nova-65w",
    name: "Carregador USB-C GaN Nova 65 W",
    description:
      "Tecnologia GaN em um carregador compacto que carrega notebook, tablet e celular. Duas portas USB-C e uma USB-A com distribuição inteligente de potência. Plugue no padrão brasileiro e proteção contra superaquecimento.",
    priceCents: 22990,
    category: "Acessórios",
    brand: "Nova",
    stock: 58,
    device: "charger",
    color: "#f4f4f5",
    galleryViews: 3,
  },
  {
    slug: "carregador-turbo-lume-25w-usb-c",
    name: "Carregador Turbo Lume 25 W USB-C",
    description:
      "Carregamento rápido de 25 W com Power Delivery para celulares e fones. Compacto e leve, ideal para levar na mochila. Certificado pela Anatel.",
    priceCents: 7990,
    category: "Acessórios",
    brand: "Lume",
    stock: 210,
    device: "charger",
    color: "#24272d",
    galleryViews: 0,
  },
  {
    slug: "cabo-usb-c-atlas-2m-100w-trancado",
    name: "Cabo USB-C para USB-C Atlas 2 m 100 W Trançado",
    description:
      "Revestimento em nylon trançado que resiste a mais de 20.000 dobras. Suporta 100 W de carga e transferência de dados a 480 Mb/s. Dois metros de comprimento com organizador de velcro.",
    priceCents: 6990,
    category: "Acessórios",
    brand: "Atlas",
    stock: 95,
    device: "cable",
    color: "#d04a3a",
    galleryViews: 3,
  },
  {
    slug: "cabo-usb-c-lume-1m-60w",
    name: "Cabo USB-C Lume 1 m 60 W",
    description:
      "Cabo USB-C de 1 metro para carregar e sincronizar o dia a dia. Suporta carregamento rápido de até 60 W. Conectores reforçados com alívio de tensão.",
    priceCents: 2990,
    category: "Acessórios",
    brand: "Lume",
    stock: 300,
    device: "cable",
    color: "#eceef1",
    galleryViews: 0,
  },
  {
    slug: "power-bank-nova-20000mah-22w",
    name: "Power Bank Nova 20.000 mAh 22,5 W",
    description:
      "Bateria portátil de 20.000 mAh que recarrega um celular até quatro vezes. Carregamento rápido de 22,5 W e três saídas para usar ao mesmo tempo. Indicador de carga com LEDs.",
    priceCents: 19990,
    category: "Acessórios",
    brand: "Nova",
    stock: 66,
    device: "powerbank",
    color: "#2b3440",
    galleryViews: 3,
  },
  {
    slug: "power-bank-magnetico-aero-10000mah",
    name: "Power Bank Magnético Aero 10.000 mAh",
    description:
      "Encaixa magneticamente na traseira do celular e carrega sem fios enquanto você usa. 10.000 mAh e porta USB-C de 20 W para carga com cabo. Fino e leve, cabe no bolso.",
    priceCents: 24990,
    category: "Acessórios",
    brand: "Aero",
    stock: 1,
    device: "powerbank",
    color: "#a7c4e8",
    galleryViews: 0,
  },
  {
    slug: "ssd-externo-portatil-zenite-1tb",
    name: "SSD Externo Portátil Zênite 1 TB USB 3.2",
    description:
      "Velocidades de leitura de até 1.050 MB/s em um SSD do tamanho de um cartão de crédito. Resistente a quedas de até 2 metros e criptografia por hardware. Acompanha cabos USB-C e USB-A.",
    priceCents: 59990,
    category: "Acessórios",
    brand: "Zênite",
    stock: 24,
    device: "ssd",
    color: "#3b4a63",
    galleryViews: 4,
  },
  {
    slug: "ssd-externo-vertice-2tb",
    name: "SSD Externo Vértice 2 TB",
    description:
      "Dois terabytes para backup de fotos, vídeos e projetos inteiros. Leitura de até 2.000 MB/s com USB 3.2 Gen 2x2. Carcaça de alumínio que dissipa o calor em transferências longas.",
    priceCents: 109990,
    category: "Acessórios",
    brand: "Vértice",
    stock: 9,
    device: "ssd",
    color: "#c4702e",
    galleryViews: 0,
  },
  {
    slug: "roteador-wi-fi-6-atlas-ax3000",
    name: "Roteador Wi-Fi 6 Atlas AX3000 Dual Band",
    description:
      "Wi-Fi 6 de até 3.000 Mb/s com quatro antenas de alto ganho para cobrir a casa toda. Portas Gigabit e controle pelo aplicativo, com rede para visitantes e controle parental. Configuração em poucos minutos.",
    priceCents: 49990,
    category: "Acessórios",
    brand: "Atlas",
    stock: 20,
    device: "router",
    color: "#23262c",
    galleryViews: 3,
  },
  {
    slug: "roteador-wi-fi-7-orbita-be5800",
    name: "Roteador Wi-Fi 7 Órbita BE5800 Tri-Band",
    description:
      "Wi-Fi 7 tri-band com latência baixíssima para jogos e streaming em 8K. Porta WAN de 2,5 Gb/s e suporte a redes mesh. Processador quad-core que atende dezenas de dispositivos ao mesmo tempo.",
    priceCents: 139990,
    category: "Acessórios",
    brand: "Órbita",
    stock: 3,
    device: "router",
    color: "#eef0f3",
    galleryViews: 0,
  },
];
