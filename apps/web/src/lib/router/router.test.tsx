import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Link, Outlet, Route, Routes, StaticRouter, useLocation, useParams } from './router.tsx';

function Shell() {
  return (
    <div>
      shell:
      <Outlet />
    </div>
  );
}
function Params() {
  return <>{`audience=${useParams().audience}`}</>;
}
function Setup() {
  // A splat route's own routes match the rest of the path.
  return (
    <Routes>
      <Route index element={<>setup-index</>} />
      <Route path="password" element={<>setup-password</>} />
      <Route path="*" element={<>setup-missing</>} />
    </Routes>
  );
}
function Where() {
  const { pathname, search } = useLocation();
  return <>{`${pathname}${search}`}</>;
}

function render(url: string): string {
  return renderToString(
    <StaticRouter location={url}>
      <Routes>
        <Route path="/" element={<Shell />}>
          <Route index element={<>root-index</>} />
          <Route path="index" element={<>home</>} />
          <Route path="productDetails" element={<Where />} />
          <Route path="userInfo" element={<Outlet />}>
            <Route index element={<>user-index</>} />
            <Route path="money-package/recharge" element={<>recharge</>} />
            <Route path="setup/*" element={<Setup />} />
          </Route>
          <Route path="download/:audience" element={<Params />} />
          <Route path="credit">
            <Route index element={<>credit-index</>} />
            <Route path="myLoan" element={<>my-loan</>} />
          </Route>
          <Route path="*" element={<>not-found</>} />
        </Route>
      </Routes>
    </StaticRouter>,
  ).replace(/<!-- -->/g, '');
}

describe('router', () => {
  it('matches nested, index, multi-segment and parameter routes', () => {
    expect(render('/')).toBe('<div>shell:root-index</div>');
    expect(render('/index?lang=ar')).toBe('<div>shell:home</div>');
    expect(render('/userInfo')).toBe('<div>shell:user-index</div>');
    expect(render('/userInfo/money-package/recharge')).toBe('<div>shell:recharge</div>');
    expect(render('/download/seller')).toBe('<div>shell:audience=seller</div>');
    // A route without an element only groups its children.
    expect(render('/credit')).toBe('<div>shell:credit-index</div>');
    expect(render('/credit/myLoan')).toBe('<div>shell:my-loan</div>');
  });

  it('matches without regard to case or a trailing slash, and keeps the query', () => {
    expect(render('/productdetails/?id=7')).toBe('<div>shell:/productdetails/?id=7</div>');
    expect(render('/INDEX')).toBe('<div>shell:home</div>');
  });

  it("hands a splat route's rest to its own routes", () => {
    expect(render('/userInfo/setup')).toBe('<div>shell:setup-index</div>');
    expect(render('/userInfo/setup/password')).toBe('<div>shell:setup-password</div>');
    expect(render('/userInfo/setup/nope')).toBe('<div>shell:setup-missing</div>');
  });

  it('falls back to the catch-all for anything else, however deep', () => {
    expect(render('/nowhere')).toBe('<div>shell:not-found</div>');
    expect(render('/userInfo/nowhere/deeper')).toBe('<div>shell:not-found</div>');
    expect(render('/download')).toBe('<div>shell:not-found</div>');
  });

  it('renders links as plain anchors to the target', () => {
    const html = renderToString(
      <StaticRouter location="/">
        <Link to="/store?id=1&lang=en" className="x">
          shop
        </Link>
      </StaticRouter>,
    );
    expect(html).toBe('<a href="/store?id=1&amp;lang=en" class="x">shop</a>');
  });
});
