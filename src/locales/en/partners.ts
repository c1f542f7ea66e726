/** Text of the supplier and distributor screens (en), merged under `screens`. */

const partners = {
  "supplier": {
    "title": "Suppliers",
    "entity": "supplier",
    "name": "Supplier name"
  },
  "distributor": {
    "title": "Distributors",
    "entity": "distributor",
    "name": "Distributor name"
  },
  "partner": {
    "account": "Account",
    "contact": "Telephone / mobile",
    "functions": "Functions",
    "warehouses": "Authorized warehouses",
    "warehouse": "Warehouse",
    "status": "Status",
    "keyword": "Account or name",
    "telephone": "Telephone",
    "phoneCountryCode": "Country code",
    "phone": "Mobile phone",
    "email": "Email",
    "contactHelp": "Enter a telephone or a mobile phone (at least one)."
  }
};

export default partners;
