/**
 * The buyer's reads in the buyer's language: each answer of goods-reads.ts and storefront-reads.ts
 * with its goods and store texts swapped for their translations (content-texts.ts). The answers
 * underneath stay language-free, so what those files keep serves every language.
 */
import type {
  GoodsCardDto,
  GoodsInfoDto,
  HomeDto,
  Page,
  SearchDto,
  SellerCardDto,
  SellerInfoDto,
  SuggestionDto,
} from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';
import type { RequestContext } from '../../core/http/request-context.ts';
import { type ContentTexts, mentions, withText } from './content-texts.ts';
import type { GoodsReads } from './goods-reads.ts';
import type { StorefrontReads } from './storefront-reads.ts';

export class LocalReads {
  constructor(
    private readonly texts: ContentTexts,
    private readonly goods: GoodsReads,
    private readonly storefront: StorefrontReads,
  ) {}

  /** A page of goods cards. */
  goodsPage(page: Page<GoodsCardDto>, lang: LanguageCode, keyword?: string): Promise<Page<GoodsCardDto>> {
    return this.texts.goodsPage(page, lang, keyword);
  }

  /** A page of store cards. */
  async sellerPage(page: Page<SellerCardDto>, lang: LanguageCode): Promise<Page<SellerCardDto>> {
    return { ...page, pageList: await this.texts.sellerCards(page.pageList, lang) };
  }

  /** The goods page: name and description, its store's name. */
  async goodsInfo(ctx: RequestContext, id: string): Promise<GoodsInfoDto> {
    const info = await this.goods.info(ctx, id);
    const [goods, sellers] = await Promise.all([
      this.texts.goods([id], ctx.lang, true),
      this.texts.sellers([info.sellerId], ctx.lang),
    ]);
    return { ...withText(info, goods.get(id)), seller: withText(info.seller, sellers.get(info.sellerId)) };
  }

  /** The store page: name and introduction. */
  async sellerInfo(ctx: RequestContext, sellerId: string): Promise<SellerInfoDto> {
    const info = await this.storefront.sellerInfo(ctx, sellerId);
    const texts = await this.texts.sellers([sellerId], ctx.lang, true);
    return withText(info, texts.get(sellerId));
  }

  /** Home: every goods block and the recommended stores. */
  async home(ctx: RequestContext): Promise<HomeDto> {
    const home = await this.storefront.home(ctx);
    const blocks = [
      'recommendList',
      'newList',
      'bottomList',
      'merchantGoodsList',
      'sellerGoodsList',
    ] as const;
    const all = blocks.flatMap((b) => home[b].pageList);
    const [goods, sellers] = await Promise.all([
      this.texts.goodsCards(all, ctx.lang),
      this.texts.sellerCards(home.merchantList.pageList, ctx.lang),
    ]);
    const out: HomeDto = { ...home, merchantList: { ...home.merchantList, pageList: sellers } };
    let at = 0;
    for (const b of blocks) {
      const size = home[b].pageList.length;
      out[b] = { ...home[b], pageList: goods.slice(at, at + size) };
      at += size;
    }
    return out;
  }

  /** The header search: goods and stores. */
  async searchAll(result: SearchDto, lang: LanguageCode, keyword: string): Promise<SearchDto> {
    const [goodsList, sellerList] = await Promise.all([
      this.texts.goodsCards(result.goodsList, lang, keyword),
      this.texts.sellerCards(result.sellerList, lang),
    ]);
    return { ...result, goodsList, sellerList };
  }

  /** Autocomplete names: translated unless only the original says the keyword (no marker). */
  async suggestions(list: SuggestionDto[], lang: LanguageCode, keyword: string): Promise<SuggestionDto[]> {
    const texts = await this.texts.goods(
      list.map((s) => s.sellerGoodsId),
      lang,
    );
    return list.map((s) => {
      const name = texts.get(s.sellerGoodsId)?.name;
      if (name === undefined || (!mentions(name, keyword) && mentions(s.name, keyword))) return s;
      return { ...s, name };
    });
  }
}
