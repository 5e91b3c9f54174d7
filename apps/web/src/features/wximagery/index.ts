// Front door of features/wximagery (issue 17: weather imagery pages from the server's cache, kept on
// the device for offline use). The routes load WxImageryPage on demand (app/routes.tsx).
export { imageryPageComponent, WxImageryPage, type WxImageryPageProps } from './WxImageryPage';
export { fetchImageryIndex, loadFrameImage, wxImageryDb, type ImageryCacheDb, type ImageryClientDeps, type StoredIndex } from './imageryCache';
