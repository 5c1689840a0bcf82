/** Every page's path in one place; the route names are the original site's, kept for old links. */
export const paths = {
  home: () => "/",
  listing: (search?: URLSearchParams | string) => {
    const query = search?.toString();
    return query ? `/posts?${query}` : "/posts";
  },
  helper: (id: string) => `/posts/${id}`,
  /** The PDF has one address; its language other than English is a query parameter (`?lang=zh`). */
  biodataPdf: (id: string, lang?: string) => (lang && lang !== "en" ? `/posts/${id}/biodata.pdf?lang=${lang}` : `/posts/${id}/biodata.pdf`),
  editHelper: (id: string) => `/posts/${id}/edit`,
  deleteHelper: (id: string) => `/posts/${id}/delete`,
  createHelper: () => "/create",
  supplierListing: (id: string) => `/posts/users/${id}`,
  nationalityListing: (slug: string) => `/posts/categories/${slug}`,
  suppliers: () => "/authors",
  /** The visitor gate and filters; `redirectTo`: where a visitor who passes the gate goes next. */
  filters: (redirectTo?: string) => (redirectTo ? `/filters?redirectTo=${encodeURIComponent(redirectTo)}` : "/filters"),
  /** The filter form starting from a listing's choices. */
  editFilters: (search: URLSearchParams) => (search.size > 0 ? `/filters?${search.toString()}` : "/filters"),
  privacy: () => "/privacy-policy",
  myData: () => "/privacy/my-data",
  /** The family's space: its conversations, shortlist and notices (docs/glossary.md). */
  familySpace: () => "/messages",
  login: (redirectTo?: string) => (redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"),
  register: () => "/register",
  logout: () => "/logout",
  profile: (id: string) => `/profile/${id}`,
  dashboard: () => "/dashboard",
} as const;
