// sign-in/ lists nothing: other folders use only its pages, which app.tsx loads lazily by their
// own files and the dashboards show by the same file (decisions 187 and 192). Re-exported here, the
// Google sign-in page's chunk took Rolldown's runtime along as one more file; this face makes lint
// refuse every other file of the folder.
export {};
