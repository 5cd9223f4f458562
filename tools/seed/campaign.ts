/**
 * The demo mall's own marketing, in each of its 21 languages: the year-end festival (a home banner
 * and the current activity) and the line under a category banner where the category's
 * subcategories have no names in that language. Titles stay within the 40 characters a banner
 * picture draws, the other banner lines within 60 (the catalogue's media.ts). No figures in any of them:
 * counts on pages come from the data.
 */
import type { LanguageCode } from '@mall/i18n';

export interface CampaignTexts {
  /** The festival's name: banner and activity title. */
  festival: string;
  /** Under the festival's name on its home banner. */
  festivalBanner: string;
  /** Under the festival's name on the activity's picture. */
  festivalPicture: string;
  /** The activity's description on the discounted goods page. */
  festivalDescription: string;
  /** Under a category's name on its banner, when its subcategories are not named in the language. */
  categoryLine: string;
}

export const CAMPAIGN: Record<LanguageCode, CampaignTexts> = {
  en: {
    festival: 'Year-End Wholesale Festival',
    festivalBanner: 'Discounts across every category, while stocks last',
    festivalPicture: 'Discounted goods across the mall',
    festivalDescription:
      'Discounted goods from stores across the mall. Prices shown are final; no codes needed.',
    categoryLine: 'Wholesale and retail prices from every store',
  },
  'zh-CN': {
    festival: '年终批发节',
    festivalBanner: '全品类折扣，售完即止',
    festivalPicture: '全商城折扣好货',
    festivalDescription: '来自全商城店铺的折扣商品。所示价格即最终价格，无需优惠码。',
    categoryLine: '各店铺批发与零售价',
  },
  'zh-TW': {
    festival: '年終批發節',
    festivalBanner: '全品類折扣，售完為止',
    festivalPicture: '全商城折扣好貨',
    festivalDescription: '來自全商城店鋪的折扣商品。所示價格即最終價格，無需優惠碼。',
    categoryLine: '各店鋪批發與零售價',
  },
  ja: {
    festival: '年末卸売フェスティバル',
    festivalBanner: '全カテゴリーで割引中、在庫がなくなり次第終了',
    festivalPicture: 'モール全体の割引商品',
    festivalDescription: 'モール内のストアの割引商品です。表示価格は最終価格で、クーポンコードは不要です。',
    categoryLine: '全ストアの卸売・小売価格',
  },
  de: {
    festival: 'Großhandelsfestival zum Jahresende',
    festivalBanner: 'Rabatte in allen Kategorien, solange der Vorrat reicht',
    festivalPicture: 'Reduzierte Waren aus der ganzen Mall',
    festivalDescription:
      'Reduzierte Waren von Shops aus der ganzen Mall. Die angezeigten Preise sind Endpreise; kein Code nötig.',
    categoryLine: 'Groß- und Einzelhandelspreise aller Shops',
  },
  ms: {
    festival: 'Pesta Borong Hujung Tahun',
    festivalBanner: 'Diskaun untuk setiap kategori, selagi stok masih ada',
    festivalPicture: 'Barangan diskaun di seluruh pusat beli-belah',
    festivalDescription:
      'Barangan diskaun daripada kedai di seluruh pusat beli-belah. Harga yang ditunjukkan ialah harga akhir; tiada kod diperlukan.',
    categoryLine: 'Harga borong dan runcit dari setiap kedai',
  },
  af: {
    festival: 'Jaareinde-groothandelfees',
    festivalBanner: 'Afslag in elke kategorie, solank voorraad hou',
    festivalPicture: 'Afslaggoedere regoor die winkelsentrum',
    festivalDescription:
      'Afslaggoedere van winkels regoor die winkelsentrum. Pryse wat gewys word, is finaal; geen kodes nodig nie.',
    categoryLine: 'Groothandel- en kleinhandelpryse van elke winkel',
  },
  th: {
    festival: 'เทศกาลค้าส่งส่งท้ายปี',
    festivalBanner: 'ลดราคาทุกหมวดหมู่ ขณะที่สินค้ายังมีอยู่',
    festivalPicture: 'สินค้าลดราคาทั่วทั้งห้าง',
    festivalDescription: 'สินค้าลดราคาจากร้านค้าทั่วทั้งห้าง ราคาที่แสดงเป็นราคาสุทธิ ไม่ต้องใช้โค้ด',
    categoryLine: 'ราคาขายส่งและขายปลีกจากทุกร้าน',
  },
  el: {
    festival: 'Φεστιβάλ Χονδρικής Τέλους Έτους',
    festivalBanner: 'Εκπτώσεις σε κάθε κατηγορία, έως εξαντλήσεως',
    festivalPicture: 'Προϊόντα σε έκπτωση σε όλο το εμπορικό',
    festivalDescription:
      'Προϊόντα σε έκπτωση από καταστήματα σε όλο το εμπορικό. Οι τιμές που εμφανίζονται είναι τελικές· δεν χρειάζεται κωδικός.',
    categoryLine: 'Τιμές χονδρικής και λιανικής από κάθε κατάστημα',
  },
  pt: {
    festival: 'Festival de Atacado de Fim de Ano',
    festivalBanner: 'Descontos em todas as categorias, até acabar o estoque',
    festivalPicture: 'Produtos com desconto em todo o shopping',
    festivalDescription:
      'Produtos com desconto de lojas de todo o shopping. Os preços exibidos são finais; não é preciso código.',
    categoryLine: 'Preços de atacado e varejo de todas as lojas',
  },
  es: {
    festival: 'Festival Mayorista de Fin de Año',
    festivalBanner: 'Descuentos en todas las categorías, hasta agotar existencias',
    festivalPicture: 'Productos rebajados en todo el centro comercial',
    festivalDescription:
      'Productos rebajados de tiendas de todo el centro comercial. Los precios mostrados son finales; no se necesitan códigos.',
    categoryLine: 'Precios mayoristas y minoristas de cada tienda',
  },
  fr: {
    festival: "Festival du gros de fin d'année",
    festivalBanner: 'Remises sur tout le catalogue, dans la limite des stocks',
    festivalPicture: 'Articles en promotion dans tout le centre commercial',
    festivalDescription:
      'Articles en promotion des boutiques de tout le centre commercial. Les prix affichés sont définitifs ; aucun code nécessaire.',
    categoryLine: 'Prix de gros et de détail de chaque boutique',
  },
  ru: {
    festival: 'Новогодний оптовый фестиваль',
    festivalBanner: 'Скидки во всех категориях, пока товар есть в наличии',
    festivalPicture: 'Товары со скидкой по всему торговому центру',
    festivalDescription:
      'Товары со скидкой из магазинов всего торгового центра. Указаны окончательные цены; промокоды не нужны.',
    categoryLine: 'Оптовые и розничные цены от каждого магазина',
  },
  it: {
    festival: "Festival dell'ingrosso di fine anno",
    festivalBanner: 'Sconti in ogni categoria, fino a esaurimento scorte',
    festivalPicture: 'Prodotti scontati in tutto il centro commerciale',
    festivalDescription:
      'Prodotti scontati dai negozi di tutto il centro commerciale. I prezzi indicati sono definitivi; nessun codice necessario.',
    categoryLine: "Prezzi all'ingrosso e al dettaglio di ogni negozio",
  },
  tr: {
    festival: 'Yıl Sonu Toptan Satış Festivali',
    festivalBanner: 'Tüm kategorilerde indirim, stoklarla sınırlı',
    festivalPicture: 'Alışveriş merkezi genelinde indirimli ürünler',
    festivalDescription:
      'Alışveriş merkezindeki mağazalardan indirimli ürünler. Gösterilen fiyatlar nihaidir; kod gerekmez.',
    categoryLine: 'Her mağazadan toptan ve perakende fiyatlar',
  },
  ko: {
    festival: '연말 도매 페스티벌',
    festivalBanner: '전 카테고리 할인, 재고 소진 시까지',
    festivalPicture: '몰 전체 할인 상품',
    festivalDescription:
      '몰 전체 매장의 할인 상품입니다. 표시된 가격이 최종 가격이며 쿠폰 코드가 필요 없습니다.',
    categoryLine: '모든 매장의 도매 및 소매 가격',
  },
  ph: {
    festival: 'Pista ng Pakyawan sa Katapusan ng Taon',
    festivalBanner: 'Diskuwento sa bawat kategorya, habang may stock pa',
    festivalPicture: 'Mga produktong may diskuwento sa buong mall',
    festivalDescription:
      'Mga produktong may diskuwento mula sa mga tindahan sa buong mall. Pinal na ang mga presyong ipinapakita; walang kailangang code.',
    categoryLine: 'Presyong pakyawan at tingi mula sa bawat tindahan',
  },
  ar: {
    festival: 'مهرجان الجملة لنهاية العام',
    festivalBanner: 'خصومات على جميع الفئات حتى نفاد الكمية',
    festivalPicture: 'منتجات مخفضة من جميع أنحاء المركز',
    festivalDescription:
      'منتجات مخفضة من متاجر في جميع أنحاء المركز التجاري. الأسعار المعروضة نهائية ولا حاجة إلى أي رمز.',
    categoryLine: 'أسعار الجملة والتجزئة من كل متجر',
  },
  id: {
    festival: 'Festival Grosir Akhir Tahun',
    festivalBanner: 'Diskon di setiap kategori, selama stok masih ada',
    festivalPicture: 'Produk diskon di seluruh mal',
    festivalDescription:
      'Produk diskon dari toko-toko di seluruh mal. Harga yang ditampilkan adalah harga akhir; tidak perlu kode.',
    categoryLine: 'Harga grosir dan eceran dari setiap toko',
  },
  hi: {
    festival: 'साल के अंत का थोक उत्सव',
    festivalBanner: 'हर श्रेणी में छूट, स्टॉक रहने तक',
    festivalPicture: 'पूरे मॉल में छूट वाले उत्पाद',
    festivalDescription: 'पूरे मॉल की दुकानों से छूट वाले उत्पाद। दिखाई गई कीमतें अंतिम हैं; किसी कोड की ज़रूरत नहीं।',
    categoryLine: 'हर दुकान से थोक और खुदरा कीमतें',
  },
  vi: {
    festival: 'Lễ hội Bán sỉ Cuối năm',
    festivalBanner: 'Giảm giá mọi danh mục, đến khi hết hàng',
    festivalPicture: 'Hàng giảm giá khắp trung tâm thương mại',
    festivalDescription:
      'Hàng giảm giá từ các cửa hàng khắp trung tâm thương mại. Giá hiển thị là giá cuối cùng; không cần mã.',
    categoryLine: 'Giá sỉ và lẻ từ mọi cửa hàng',
  },
};
